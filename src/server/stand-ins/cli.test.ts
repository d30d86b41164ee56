import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMusicCatalog } from '../providers';
import { createExternalBoard } from '../providers/board/monday-board';
import { CloudflareTurnstile } from '../providers/bot/turnstile';
import { createDeliveryTargets } from '../providers/delivery';
import { DropboxSign } from '../providers/signing/dropbox-sign';
import { Rfc3161TimestampAuthority } from '../providers/timestamp/timestamp-authority';
import { envLines, type RunningStandIn, STAND_IN_NAMES, startStandIns } from './cli';
import { close, listen } from './http';
import { TURNSTILE_TEST_KEYS } from './turnstile';

/** Any free port for each: the fixed ones may be held by a developer's own stand-ins. */
const anyPorts = { monday: 0, turnstile: 0, spotify: 0, 'dropbox-sign': 0, sftp: 0, tsa: 0 };

describe('npm run imprint -- stand-ins', () => {
  let running: RunningStandIn[];
  beforeAll(async () => {
    running = await startStandIns(STAND_IN_NAMES, anyPorts);
  });
  afterAll(async () => {
    await Promise.all(running.map((standIn) => standIn.close()));
  });

  it('prints .env lines a shell can source: comments and NAME=value without spaces', () => {
    expect(running.map((standIn) => standIn.name)).toEqual([
      'monday',
      'turnstile',
      'spotify',
      'dropbox-sign',
      'sftp',
      'tsa',
    ]);
    for (const line of envLines(running).split('\n')) {
      expect(line, line).toMatch(/^(#.*|[A-Z][A-Z0-9_]*=[^\s'"$`;&|]+|)$/);
    }
  });

  it("points Imprint's own adapters at each stand-in, which answers in its protocol", async () => {
    const env = Object.fromEntries(running.flatMap((standIn) => Object.entries(standIn.env)));
    const config = loadConfig(env);

    const board = createExternalBoard(config.monday);
    expect(await board?.testConnection()).toEqual({
      userName: 'Stand-in Staff',
      accountName: 'Stand-in Label',
    });

    if (!config.turnstile) throw new Error('Turnstile is not configured');
    const turnstile = new CloudflareTurnstile(config.turnstile.secretKey, config.turnstile.verifyUrl);
    expect(config.turnstile.siteKey).toBe(TURNSTILE_TEST_KEYS.siteKey);
    // Cloudflare's widget with the test site key hands out the dummy token, every time.
    expect(await turnstile.verify(TURNSTILE_TEST_KEYS.dummyToken, '127.0.0.1')).toBe(true);
    expect(await turnstile.verify(TURNSTILE_TEST_KEYS.dummyToken, '127.0.0.1')).toBe(true);
    expect(await turnstile.verify('0.a-real-looking-token', '127.0.0.1')).toBe(false);

    const catalog = createMusicCatalog(config.spotify);
    const artists = await catalog.searchArtists('Echo', 3);
    expect(artists.map((artist) => artist.name)).toEqual(['Echo Artist 1', 'Echo Artist 2', 'Echo Artist 3']);

    const sftp = createDeliveryTargets(config.delivery).sftp;
    if (!sftp) throw new Error('The SFTP delivery target is not configured');
    await sftp.check();
    await sftp.close();

    if (!config.dropboxSign) throw new Error('Dropbox Sign is not configured');
    expect(await new DropboxSign(config.dropboxSign).checkAccount()).toEqual({
      emailAddress: 'label@stand-in.example',
    });

    if (!config.tsaUrl) throw new Error('The timestamp authority is not configured');
    const token = await new Rfc3161TimestampAuthority(config.tsaUrl).timestamp(Buffer.from('a signature'));
    expect(token.length).toBeGreaterThan(0);
  });

  it('closes the stand-ins already started when one cannot have its port', async () => {
    const probe = createServer();
    const mondayPort = await listen(probe);
    await close(probe);
    const taken = createServer();
    const takenPort = await listen(taken);
    try {
      await expect(
        startStandIns(['monday', 'spotify'], { monday: mondayPort, spotify: takenPort }),
      ).rejects.toThrow(`The spotify stand-in could not start on port ${takenPort}`);
      // The monday stand-in, started first, was closed again: its port is free.
      await listen(probe, mondayPort);
      await close(probe);
    } finally {
      await close(taken);
    }
  });
});
