#!/bin/sh
# Rooms are at the bottom of src/site (room_subscriber.h): the folders that follow the rooms
# (lobby, records, cluster, bots, vacation, automatch, ...) include rooms/, never the other way
# round. Fails, naming the lines, if a file under src/site/rooms includes a folder of src/site
# that itself includes src/site/rooms. Run from the repository root.
status=0
for folder in $(grep -rlE '#include "site/rooms/' src/site --include='*.h' --include='*.cpp' |
                sed -n 's|^src/site/\([^/]*\)/.*|\1|p' | sort -u); do
  [ "$folder" = rooms ] && continue
  if grep -rnE "#include \"site/$folder/" src/site/rooms; then
    echo "src/site/rooms includes site/$folder/, which includes site/rooms/" >&2
    status=1
  fi
done
exit $status
