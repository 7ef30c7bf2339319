-- Placeholder keeping the numbering contiguous while another branch adds its 0009; dropped at
-- the merge. A statement, not only a comment: PostgreSQL refuses an empty query.
SELECT 1;
