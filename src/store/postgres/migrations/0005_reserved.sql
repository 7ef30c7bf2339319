-- Reserved: the moderation branch takes version 5 (its migration replaces this file at merge).
-- Versions must run without a gap (embed_migrations.cmake), so this step does nothing.
SELECT 1;
