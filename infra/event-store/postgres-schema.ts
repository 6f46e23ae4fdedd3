/**
 * The log on PostgreSQL: one table of events, each with its global position, its stream and
 * revision (unique together: the expected-revision check), its type, data and metadata, and
 * the id of the transaction that wrote it.
 *
 * **Positions come from the writing transaction's id**: `position = xid × 2^20 + ordinal`, the
 * ordinal counting the transaction's events from 1. A reader takes only events whose
 * transaction id is below the oldest transaction still running (`pg_snapshot_xmin` of the
 * reading statement's own snapshot): every transaction below it has ended, so nothing can ever
 * commit below what a reader has seen, however long a transaction holding a lower position
 * takes. A plain sequence would not do: a slow transaction holding position 5 commits after a
 * fast one made 6 visible, and a reader already past 6 never sees 5. Positions therefore have
 * gaps (they are counted, never computed), and one transaction holds at most 2^20 - 1 events.
 *
 * Data and metadata are `json`, not `jsonb`: the text is kept as written, so the log digests
 * the same on every engine (jsonb reorders keys).
 */
export const ORDINAL_BITS = 20n;
export const MAX_EVENTS_PER_TRANSACTION = Number((1n << ORDINAL_BITS) - 1n);

export const NOTIFY_CHANNEL = 'boon_events';

/** Positions every reader may take: those of transactions below the oldest one running. */
export const DELIVERABLE_LIMIT_SQL = `(pg_snapshot_xmin(pg_current_snapshot())::text::bigint << ${ORDINAL_BITS})`;

export const EVENT_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position bigint PRIMARY KEY,
  transaction_id xid8 NOT NULL,
  id text NOT NULL UNIQUE,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data json NOT NULL,
  metadata json NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (stream_id, revision)
);

-- One call writes a whole batch of appends (the group commit): each accepted or refused on its
-- own expected revision, in one statement and so one transaction, one round trip, one commit.
-- Each append's events take the ordinals of their place in the batch (an append refused leaves
-- a gap): positions follow the order the appends were made, whichever way each was written.
-- Most batches are many people's one command each: the appends whose stream occurs once in the
-- batch and whose expected revision holds as the batch begins are written by one INSERT. The
-- rest, and any of those the INSERT could not write, go one at a time:
-- The expected-revision check is the unique (stream, revision): an append inserts the revisions
-- after the stream's last one, and a concurrent append to the same stream waits on that key
-- until this one commits, then finds it taken (refused, or for 'any', tried again above it).
-- An append whose first event id is already written was done before: it answers what it wrote.
-- A refusal writes nothing of that append; anything else wrong raises, and the caller writes
-- the batch's appends one by one.
CREATE OR REPLACE FUNCTION boon_append_batch(
  p_streams text[], p_expected text[], p_counts int[],
  p_ids text[], p_types text[], p_data text[], p_metadata text[], p_created_at timestamptz
) RETURNS TABLE (outcome text, next_revision bigint, last_position bigint, actual text)
LANGUAGE plpgsql AS $$
DECLARE
  v_xid xid8 := pg_current_xact_id();
  v_base bigint := (pg_current_xact_id()::text::bigint << ${ORDINAL_BITS});
  v_high bigint := 0;
  v_offsets int[];
  v_currents bigint[];
  v_ready boolean[];
  v_written int[];
  v_offset int;
  v_count int;
  v_stream text;
  v_expected text;
  v_current bigint;
  v_inserted int;
  v_acceptable boolean;
  v_first record;
  v_found int;
BEGIN
  IF coalesce(array_length(p_streams, 1), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT array_agg(a.off ORDER BY a.i), array_agg(a.cur ORDER BY a.i), array_agg(a.ready ORDER BY a.i)
    INTO v_offsets, v_currents, v_ready
    FROM (
      SELECT b.i, b.off, c.cur,
             b.alone AND CASE b.expected
               WHEN 'any' THEN true
               WHEN 'no_stream' THEN c.cur IS NULL
               WHEN 'stream_exists' THEN c.cur IS NOT NULL
               ELSE c.cur IS NOT DISTINCT FROM b.expected::bigint
             END AS ready
        FROM (
          SELECT i, p_streams[i] AS stream, p_expected[i] AS expected,
                 (sum(p_counts[i]) OVER (ORDER BY i) - p_counts[i])::int AS off,
                 count(*) OVER (PARTITION BY p_streams[i]) = 1 AS alone
            FROM generate_subscripts(p_streams, 1) AS i
        ) b
        CROSS JOIN LATERAL (
          SELECT max(e.revision) AS cur FROM events e WHERE e.stream_id = b.stream
        ) c
    ) a;
  WITH written AS (
    INSERT INTO events (position, transaction_id, id, stream_id, revision, type, data, metadata, created_at)
      SELECT v_base + v_offsets[i] + k, v_xid, p_ids[v_offsets[i] + k], p_streams[i],
             coalesce(v_currents[i], -1) + k, p_types[v_offsets[i] + k],
             p_data[v_offsets[i] + k]::json, p_metadata[v_offsets[i] + k]::json, p_created_at
        FROM generate_subscripts(p_streams, 1) AS i, generate_series(1, p_counts[i]) AS k
        WHERE v_ready[i]
    ON CONFLICT DO NOTHING
    RETURNING stream_id
  )
  SELECT array_agg(coalesce(w.n, 0)::int ORDER BY i) INTO v_written
    FROM generate_subscripts(p_streams, 1) AS i
    LEFT JOIN (SELECT stream_id, count(*) AS n FROM written GROUP BY stream_id) w
      ON v_ready[i] AND w.stream_id = p_streams[i];

  FOR i IN 1 .. array_length(p_streams, 1) LOOP
    v_stream := p_streams[i];
    v_expected := p_expected[i];
    v_count := p_counts[i];
    v_offset := v_offsets[i];
    IF v_ready[i] AND v_written[i] = v_count THEN
      outcome := 'written';
      next_revision := coalesce(v_currents[i], -1) + v_count;
      last_position := v_base + v_offset + v_count;
      actual := NULL;
      v_high := greatest(v_high, last_position);
      RETURN NEXT;
      CONTINUE;
    ELSIF v_ready[i] AND v_written[i] > 0 THEN
      RAISE EXCEPTION 'Append to % collided part way', v_stream;
    END IF;
    LOOP
      SELECT max(e.revision) INTO v_current FROM events e WHERE e.stream_id = v_stream;
      IF v_expected = 'any' THEN
        v_acceptable := true;
      ELSIF v_expected = 'no_stream' THEN
        v_acceptable := v_current IS NULL;
      ELSIF v_expected = 'stream_exists' THEN
        v_acceptable := v_current IS NOT NULL;
      ELSE
        v_acceptable := v_current IS NOT DISTINCT FROM v_expected::bigint;
      END IF;
      IF NOT v_acceptable THEN
        v_inserted := 0;
      ELSE
        INSERT INTO events (position, transaction_id, id, stream_id, revision, type, data, metadata, created_at)
          SELECT v_base + v_offset + k, v_xid, p_ids[v_offset + k], v_stream,
                 coalesce(v_current, -1) + k, p_types[v_offset + k], p_data[v_offset + k]::json,
                 p_metadata[v_offset + k]::json, p_created_at
            FROM generate_series(1, v_count) AS k
          ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS v_inserted = ROW_COUNT;
        IF v_inserted = v_count THEN
          outcome := 'written';
          next_revision := coalesce(v_current, -1) + v_count;
          last_position := v_base + v_offset + v_count;
          actual := NULL;
          v_high := greatest(v_high, last_position);
          EXIT;
        ELSIF v_inserted > 0 THEN
          RAISE EXCEPTION 'Append to % collided part way', v_stream;
        END IF;
      END IF;

      -- Nothing written: the append was done before, or the stream is not where expected.
      SELECT e.stream_id, e.revision INTO v_first FROM events e WHERE e.id = p_ids[v_offset + 1];
      IF FOUND THEN
        IF v_first.stream_id <> v_stream THEN
          RAISE EXCEPTION 'Event id % already exists in another stream', p_ids[v_offset + 1];
        END IF;
        SELECT count(*)::int, max(e.position) INTO v_found, last_position
          FROM events e
          WHERE e.id = ANY (p_ids[v_offset + 1 : v_offset + v_count])
            AND e.stream_id = v_stream
            AND e.revision BETWEEN v_first.revision AND v_first.revision + v_count - 1;
        IF v_found <> v_count THEN
          RAISE EXCEPTION 'Event ids of this append were partly written before';
        END IF;
        outcome := 'written';
        next_revision := v_first.revision + v_count - 1;
        actual := NULL;
        EXIT;
      END IF;
      IF v_expected = 'any' THEN
        CONTINUE; -- another append took those revisions: above them
      END IF;
      outcome := 'wrong-revision';
      next_revision := NULL;
      last_position := NULL;
      SELECT coalesce(max(e.revision)::text, 'no_stream') INTO actual FROM events e WHERE e.stream_id = v_stream;
      EXIT;
    END LOOP;
    RETURN NEXT;
  END LOOP;
  IF v_high > 0 THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', v_high::text);
  END IF;
END;
$$;
`;
