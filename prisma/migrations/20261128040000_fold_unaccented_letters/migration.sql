-- Song search keys (titleKey, artistKey) fold letters that Unicode does not decompose
-- into a base letter and an accent as an English keyboard types them: "Røyksopp" is found
-- by "royksopp" (fold() in app/features/songs/songs.server.ts). Keys are lower case, so
-- only the lower-case letters can be in them. replace() is the same in PostgreSQL.
UPDATE "Song" SET
    "titleKey" = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("titleKey", 'ø', 'o'), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'đ', 'd'), 'ð', 'd'), 'ł', 'l'), 'þ', 'th'), 'ı', 'i'), 'ħ', 'h'),
    "artistKey" = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("artistKey", 'ø', 'o'), 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'đ', 'd'), 'ð', 'd'), 'ł', 'l'), 'þ', 'th'), 'ı', 'i'), 'ħ', 'h')
WHERE "titleKey" LIKE '%ø%' OR "titleKey" LIKE '%æ%' OR "titleKey" LIKE '%œ%' OR "titleKey" LIKE '%ß%' OR "titleKey" LIKE '%đ%' OR "titleKey" LIKE '%ð%' OR "titleKey" LIKE '%ł%' OR "titleKey" LIKE '%þ%' OR "titleKey" LIKE '%ı%' OR "titleKey" LIKE '%ħ%' OR "artistKey" LIKE '%ø%' OR "artistKey" LIKE '%æ%' OR "artistKey" LIKE '%œ%' OR "artistKey" LIKE '%ß%' OR "artistKey" LIKE '%đ%' OR "artistKey" LIKE '%ð%' OR "artistKey" LIKE '%ł%' OR "artistKey" LIKE '%þ%' OR "artistKey" LIKE '%ı%' OR "artistKey" LIKE '%ħ%';
