-- Guests that never played are pruned (Store::deleteIdleGuests): finding whether a user has
-- any game, and the old guests, must not scan whole tables.
CREATE INDEX games_by_black ON games (black_user_id);
CREATE INDEX games_by_white ON games (white_user_id);
CREATE INDEX games_by_owner ON games (owner_user_id);
CREATE INDEX users_by_guest_age ON users (guest, created_ms);
