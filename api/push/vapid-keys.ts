import { createECDH } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** A VAPID key pair (RFC 8292): P-256, the public key uncompressed, both in base64url. */
export type VapidKeys = { publicKey: string; privateKey: string };

export const VAPID_KEYS_FILE = 'vapid-keys';

export const generateVapidKeys = (): VapidKeys => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const raw = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes is still written as all 32.
    privateKey: Buffer.concat([Buffer.alloc(32 - raw.length), raw]).toString('base64url'),
  };
};

/** The public key the private key makes; throws when the private key is not one. */
const publicKeyOf = (privateKey: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
};

/** Both keys of a pair, checked to belong together. */
const checked = (keys: VapidKeys, source: string): VapidKeys => {
  let derived: string;
  try {
    derived = publicKeyOf(keys.privateKey);
  } catch {
    throw new Error(`${source}: the VAPID private key is not a P-256 private key`);
  }
  if (derived !== keys.publicKey) {
    throw new Error(`${source}: the VAPID public key does not belong to the private key`);
  }
  return keys;
};

const readKeyFile = (file: string): VapidKeys => {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file}: not a VAPID key pair`);
  }
  return checked({ publicKey: parsed.publicKey, privateKey: parsed.privateKey }, file);
};

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured (they must stay stable: every browser's
 * subscription was made for the public key); otherwise a pair made once in the data directory.
 * Several processes starting at once on one data directory agree: the file appears whole or
 * not at all (written aside, then linked into place), and whoever comes second reads it.
 */
export const loadVapidKeys = (configured: VapidKeys | undefined, dataDir: string): VapidKeys => {
  if (configured) return checked(configured, 'VAPID_PRIVATE_KEY');
  const file = join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const aside = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(aside, JSON.stringify(generateVapidKeys()), { flag: 'wx', mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  chmodSync(file, 0o600);
  return readKeyFile(file);
};
