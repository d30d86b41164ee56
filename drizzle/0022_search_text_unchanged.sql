-- A track's or catalogue item's write renews its submission's search text only when the text is
-- not what it was: a track's title edited, its audio replaced or its lyrics saved leave the
-- submission's row alone (no new row version, no trigram index entries, and the counts' trigger
-- does not renew its status's `changes`, by which the board keeps its overdue count).
CREATE OR REPLACE FUNCTION submission_children_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE submissions s SET search_text = fresh.text
      FROM (SELECT x.id, submission_search_text(x.id, x.artist_details, x.release_title, x.item_name) AS text
              FROM submissions x WHERE x.id IN (SELECT DISTINCT o.submission_id FROM old_rows o)) AS fresh
     WHERE s.id = fresh.id AND s.search_text IS DISTINCT FROM fresh.text;
  ELSE
    UPDATE submissions s SET search_text = fresh.text
      FROM (SELECT x.id, submission_search_text(x.id, x.artist_details, x.release_title, x.item_name) AS text
              FROM submissions x WHERE x.id IN (SELECT DISTINCT n.submission_id FROM new_rows n)) AS fresh
     WHERE s.id = fresh.id AND s.search_text IS DISTINCT FROM fresh.text;
  END IF;
  RETURN NULL;
END
$$;
