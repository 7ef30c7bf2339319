-- Two presets changed meaning: `ing` now plays Ing's own ko rule and ends after four passes
-- (ko=ing end_passes=4), `igs` stops a game at a move limit (move_limit=board). A game stored
-- before keeps the rules it was played under, so that its log still replays: the earlier
-- values are written into its spec, unless the spec already names them. Specs are stored
-- as go::Rules::toString writes them: the preset's canonical name, then "key=value" words.
UPDATE games SET rules = rules || ' ko=positional'
  WHERE (rules = 'ing' OR substr(rules, 1, 4) = 'ing ') AND instr(rules, ' ko=') = 0;
UPDATE games SET rules = rules || ' end_passes=2'
  WHERE (rules = 'ing' OR substr(rules, 1, 4) = 'ing ') AND instr(rules, ' end_passes=') = 0;
UPDATE games SET rules = rules || ' move_limit=0'
  WHERE (rules = 'igs' OR substr(rules, 1, 4) = 'igs ') AND instr(rules, ' move_limit=') = 0;
