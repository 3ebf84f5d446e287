-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Band" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "subscriptionTier" TEXT NOT NULL DEFAULT 'free',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "longestEventMinutes" INTEGER NOT NULL DEFAULT 2880,
    "settingsVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Band" ("createdAt", "currency", "id", "longestEventMinutes", "name", "subscriptionTier", "timeZone", "updatedAt") SELECT "createdAt", "currency", "id", "longestEventMinutes", "name", "subscriptionTier", "timeZone", "updatedAt" FROM "Band";
DROP TABLE "Band";
ALTER TABLE "new_Band" RENAME TO "Band";
CREATE TABLE "new_BandMembership" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "bandId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "displayName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "listRank" INTEGER,
    "joinRank" INTEGER,
    "initials" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "BandMembership_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BandMembership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_BandMembership" ("bandId", "createdAt", "displayName", "id", "initials", "joinRank", "listRank", "role", "userId") SELECT "bandId", "createdAt", "displayName", "id", "initials", "joinRank", "listRank", "role", "userId" FROM "BandMembership";
DROP TABLE "BandMembership";
ALTER TABLE "new_BandMembership" RENAME TO "BandMembership";
CREATE INDEX "BandMembership_userId_idx" ON "BandMembership"("userId");
CREATE INDEX "BandMembership_bandId_listRank_idx" ON "BandMembership"("bandId", "listRank");
CREATE UNIQUE INDEX "BandMembership_bandId_userId_key" ON "BandMembership"("bandId", "userId");
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
    "version" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "Song_bandId_fkey" FOREIGN KEY ("bandId") REFERENCES "Band" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Song_leadSingerId_fkey" FOREIGN KEY ("leadSingerId") REFERENCES "BandMembership" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Song" ("artist", "artistKey", "bandId", "chartUrl", "createdAt", "createdById", "durationSeconds", "id", "isrc", "key", "leadSingerId", "musicbrainzId", "notes", "tempo", "timeSignature", "title", "titleKey", "updatedAt") SELECT "artist", "artistKey", "bandId", "chartUrl", "createdAt", "createdById", "durationSeconds", "id", "isrc", "key", "leadSingerId", "musicbrainzId", "notes", "tempo", "timeSignature", "title", "titleKey", "updatedAt" FROM "Song";
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
