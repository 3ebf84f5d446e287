-- CreateTable
CREATE TABLE "SongTag" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "songId" INTEGER NOT NULL,
    "bandId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    CONSTRAINT "SongTag_songId_fkey" FOREIGN KEY ("songId") REFERENCES "Song" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MetadataCache" (
    "provider" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "json" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL,

    PRIMARY KEY ("provider", "key")
);

-- CreateTable
CREATE TABLE "PartnerRateLimit" (
    "provider" TEXT NOT NULL PRIMARY KEY,
    "nextAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Song" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bandId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "artist" TEXT,
    "titleKey" TEXT NOT NULL DEFAULT '',
    "artistKey" TEXT NOT NULL DEFAULT '',
    "key" TEXT,
    "tempo" INTEGER,
    "durationSeconds" INTEGER,
    "timeSignature" TEXT,
    "notes" TEXT,
    "chartUrl" TEXT,
    "leadSingerId" INTEGER,
    "musicbrainzId" TEXT,
    "isrc" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Song_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Song_leadSingerId_fkey" FOREIGN KEY ("leadSingerId") REFERENCES "BandMembership" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Song" ("artist", "bandId", "createdAt", "createdById", "id", "title", "updatedAt") SELECT "artist", "bandId", "createdAt", "createdById", "id", "title", "updatedAt" FROM "Song";
DROP TABLE "Song";
ALTER TABLE "new_Song" RENAME TO "Song";
CREATE INDEX "Song_bandId_idx" ON "Song"("bandId");
CREATE INDEX "Song_bandId_titleKey_idx" ON "Song"("bandId", "titleKey");
CREATE INDEX "Song_bandId_artistKey_titleKey_idx" ON "Song"("bandId", "artistKey", "titleKey");
CREATE INDEX "Song_bandId_key_idx" ON "Song"("bandId", "key");
CREATE INDEX "Song_bandId_tempo_idx" ON "Song"("bandId", "tempo");
CREATE INDEX "Song_bandId_durationSeconds_idx" ON "Song"("bandId", "durationSeconds");
CREATE INDEX "Song_bandId_updatedAt_idx" ON "Song"("bandId", "updatedAt");
CREATE INDEX "Song_leadSingerId_idx" ON "Song"("leadSingerId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SongTag_bandId_nameKey_idx" ON "SongTag"("bandId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "SongTag_songId_nameKey_key" ON "SongTag"("songId", "nameKey");

-- CreateIndex
CREATE INDEX "MetadataCache_fetchedAt_idx" ON "MetadataCache"("fetchedAt");

-- Songs written before the folded keys existed: a close first fold (the app refolds on save).
UPDATE "Song" SET "titleKey" = lower("title"), "artistKey" = lower(coalesce("artist", ''));
