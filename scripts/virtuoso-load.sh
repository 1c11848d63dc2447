#!/usr/bin/env bash
# Bulk-load RDF files into a running Virtuoso, into one named graph, and check that every file loaded.
#
#   scripts/virtuoso-load.sh DIR MASK GRAPH_IRI [HOST:SQL_PORT]
#   scripts/virtuoso-load.sh ~/kb 'webqsp.nt' http://rdf.freebase.com/ 127.0.0.1:1111
#   scripts/virtuoso-load.sh /import 'freebase-*.nt.gz' http://rdf.freebase.com/      # a real dump, in parts
#
# MASK is a file-name mask inside DIR (plain or gzipped .nt/.ttl/.nq). DIR must be listed in the
# server's DirsAllowed (virtuoso.ini [Parameters]), as Virtuoso reads the files itself. The account is
# VIRTUOSO_USER / VIRTUOSO_PASSWORD (default dba / dba), the client ISQL (default isql-vt, Debian's
# name; isql in the Docker image). LOADERS (default 1) rdf_loader_run() sessions run in parallel
# (about cores / 2.5 for a big dump), then one checkpoint. Exits non-zero when a file failed.
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 DIR MASK GRAPH_IRI [HOST:SQL_PORT]" >&2
  exit 2
fi
DIR=$1
if [ -d "$DIR" ]; then
  DIR=$(cd "$DIR" && pwd)   # else a folder as the server sees it (e.g. /import in the container)
fi
MASK=$2
GRAPH=$3
SERVER=${4:-127.0.0.1:1111}
USER_NAME=${VIRTUOSO_USER:-dba}
PASSWORD=${VIRTUOSO_PASSWORD:-dba}
ISQL=${ISQL:-isql-vt}
LOADERS=${LOADERS:-1}

for value in "$DIR" "$MASK" "$GRAPH"; do
  case "$value" in *"'"*) echo "error: quotes are not allowed in DIR, MASK or GRAPH_IRI: $value" >&2; exit 2;; esac
done

run_sql() {
  "$ISQL" "$SERVER" "$USER_NAME" "$PASSWORD" exec="$1"
}

run_sql "ld_dir('$DIR', '$MASK', '$GRAPH');" >/dev/null
pids=()
for _ in $(seq "$LOADERS"); do
  run_sql "rdf_loader_run();" >/dev/null &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid"
done
run_sql "checkpoint;" >/dev/null

failed=$(run_sql "SELECT COUNT(*) FROM DB.DBA.load_list WHERE ll_file LIKE '$DIR/%' AND (ll_state <> 2 OR ll_error IS NOT NULL);" \
  | grep -E '^[0-9]+$' | head -1)
if [ "$failed" != "0" ]; then
  echo "error: ${failed:-?} file(s) under $DIR did not load:" >&2
  run_sql "SELECT ll_file, ll_state, ll_error FROM DB.DBA.load_list WHERE ll_file LIKE '$DIR/%';" >&2
  exit 1
fi
count=$(run_sql "SPARQL SELECT COUNT(*) FROM <$GRAPH> WHERE { ?s ?p ?o };" | grep -E '^[0-9]+$' | head -1)
echo "loaded $DIR/$MASK into <$GRAPH>: ${count:-?} triples in the graph"
