-- Photos removed before removal deleted their files: queue the deletion of those files now (custom migration).
INSERT INTO "jobs" ("kind", "payload", "status", "attempts", "max_attempts", "run_at", "dedupe_key", "created_at", "updated_at")
SELECT 'blobs.delete', jsonb_build_object('keys', jsonb_build_array(k || '-400.webp', k || '-800.webp', k || '-1200.webp')), 'queued', 0, 8,
       now(), 'blobs.delete:' || k, now(), now()
  FROM (SELECT DISTINCT "changes" ->> 'key' AS k FROM "audit_log" WHERE "entity" = 'photo' AND "action" = 'delete') removed
 WHERE k IS NOT NULL AND k NOT IN (SELECT "key" FROM "lot_photos")
ON CONFLICT DO NOTHING;
