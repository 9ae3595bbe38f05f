-- Uploaded avatars (docs/api.md "Avatars"): the URL of the user's square picture under
-- /uploads/avatars/ (UPLOADS_DIR/avatars/<32 hex>.webp), '' when the user shows a preset face
-- (users.face). Choosing a preset face clears it; a new upload replaces it (the old file is
-- removed after the commit).
ALTER TABLE users ADD COLUMN avatar text NOT NULL DEFAULT '';
