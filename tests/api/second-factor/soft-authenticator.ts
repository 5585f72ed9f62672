import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for the API tests: an ES256 key pair that answers WebAuthn's registration and
 * authentication the way a browser with an authenticator does (attestation "none", the user
 * present and verified), so the server's checks run on real signatures.
 */
type Cbor = number | string | Uint8Array | CborMap;
interface CborMap {
  entries: [Cbor, Cbor][];
}

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 255];
}
function cbor(v: Cbor): number[] {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const bytes = [...Buffer.from(v, 'utf8')];
    return [...head(3, bytes.length), ...bytes];
  }
  if (v instanceof Uint8Array) return [...head(2, v.length), ...v];
  return [...head(5, v.entries.length), ...v.entries.flatMap(([k, x]) => [...cbor(k), ...cbor(x)])];
}

const b64 = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

export interface PasskeyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private count = 0;
  constructor(
    readonly origin: string,
    readonly userHandle = 'dXNlcg',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }
  get id() {
    return b64(this.credentialId);
  }
  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
  private rpHash() {
    return sha256(new URL(this.origin).hostname);
  }

  /** The browser's answer to registration options (`options.challenge`). */
  register(options: PasskeyOptions) {
    const cose = cbor({
      entries: [
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ],
    });
    const idLen = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      this.rpHash(),
      Buffer.from([0x45]),
      u32(this.count),
      Buffer.alloc(16),
      idLen,
      this.credentialId,
      Buffer.from(cose),
    ]);
    const attestation = cbor({
      entries: [
        ['fmt', 'none'],
        ['attStmt', { entries: [] }],
        ['authData', authData],
      ],
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(Buffer.from(attestation)),
        transports: ['internal'],
      },
    };
  }

  /** The browser's answer to authentication options; `verified: false` leaves the user-verified flag off. */
  authenticate(options: PasskeyOptions, verified = true) {
    this.count++;
    const authData = Buffer.concat([this.rpHash(), Buffer.from([verified ? 0x05 : 0x01]), u32(this.count)]);
    const data = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature), userHandle: this.userHandle },
    };
  }
}
