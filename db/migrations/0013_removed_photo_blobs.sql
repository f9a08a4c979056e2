-- Photos removed before removal deleted their files: queue the deletion of those files now (custom migration).
INSERT OR IGNORE INTO `jobs` (`kind`, `payload`, `status`, `attempts`, `max_attempts`, `run_at`, `dedupe_key`, `created_at`, `updated_at`)
SELECT 'blobs.delete', json_object('keys', json_array(k || '-400.webp', k || '-800.webp', k || '-1200.webp')), 'queued', 0, 8,
       CAST(strftime('%s', 'now') AS INTEGER) * 1000, 'blobs.delete:' || k, CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000
  FROM (SELECT DISTINCT json_extract(`changes`, '$.key') AS k FROM `audit_log` WHERE `entity` = 'photo' AND `action` = 'delete')
 WHERE k IS NOT NULL AND k NOT IN (SELECT `key` FROM `lot_photos`);
