#!/bin/sh
# The official postgres image runs this once, on an empty data volume (compose.yaml): it creates the
# database and its two roles with deploy/postgres-roles.sql, the same file as without containers.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$OWNER_PASSWORD" -v app_password="$APP_PASSWORD" \
  -f /quiz-points/postgres-roles.sql
