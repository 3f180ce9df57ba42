import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58';
import { encodePrivateKeyBase58 } from './decode-private-key';
import {
  NO_PRIVATE_KEYS_MESSAGE,
  parsePrivateKeys,
  type ParsedPrivateKeys,
} from './parse-private-keys';

interface TestKey {
  readonly secretKey: Uint8Array;
  readonly address: string;
  readonly base58: string;
  readonly json: string;
}

function randomKey(): TestKey {
  const seed = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(seed);
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  return {
    secretKey,
    address: encodeBase58(publicKey),
    base58: encodePrivateKeyBase58(secretKey),
    json: JSON.stringify([...secretKey]),
  };
}

/** A random key whose base58 form has exactly `length` characters. */
function keyOfLength(length: number): TestKey {
  for (;;) {
    const key = randomKey();
    if (key.base58.length === length) return key;
  }
}

function parsed(text: string): ParsedPrivateKeys {
  const result = parsePrivateKeys(text);
  if (!result.ok) throw new Error(`expected keys, got: ${result.message}`);
  return result.value;
}

const addresses = (text: string) => parsed(text).keys.map((key) => key.address);

const [A, B, C] = [randomKey(), randomKey(), randomKey()] as [TestKey, TestKey, TestKey];

describe('parsePrivateKeys', () => {
  it('reads one base58 key per line, in input order, with their lines', () => {
    const { keys, problems, duplicatesInInput } = parsed(
      `${A.base58}\n${B.base58}\n\n${C.base58}\n`,
    );
    expect(keys.map((key) => [key.address, key.line, key.kind])).toEqual([
      [A.address, 1, 'base58'],
      [B.address, 2, 'base58'],
      [C.address, 4, 'base58'],
    ]);
    expect(keys[0]?.secretKey).toEqual(A.secretKey);
    expect(problems).toEqual([]);
    expect(duplicatesInInput).toBe(0);
  });

  it('reads keys mixed with labels, addresses, commas and quotes on the same lines', () => {
    const text = [
      `wallet 1 (${A.address}): ${A.base58}`,
      `"${B.base58}","${C.base58}"`,
      `["${A.base58}"]`,
    ].join('\n');
    const result = parsed(text);
    expect(result.keys.map((key) => key.address)).toEqual([A.address, B.address, C.address]);
    expect(result.problems).toEqual([]);
  });

  it('reads JSON arrays on one line, over several lines, several in one text, and wrapped', () => {
    const spread = `[\n  ${[...B.secretKey].join(',\n  ')}\n]`;
    expect(addresses(A.json)).toEqual([A.address]);
    expect(addresses(spread)).toEqual([B.address]);
    expect(parsed(`x\n${spread}`).keys[0]).toMatchObject({ line: 2, endLine: 67, length: 64 });
    expect(addresses(`${A.json}${B.json} ${C.json}`)).toEqual([A.address, B.address, C.address]);
    expect(addresses(`[${A.json},${B.json}]`)).toEqual([A.address, B.address]);
    expect(addresses(`"${A.json}",\n'${B.json}';`)).toEqual([A.address, B.address]);
    expect(addresses(`{"secretKey": ${C.json}}`)).toEqual([C.address]);
  });

  it('reads base58 keys and JSON arrays mixed in one text', () => {
    expect(addresses(`${A.base58}\n${B.json}\n${C.base58}`)).toEqual([
      A.address,
      B.address,
      C.address,
    ]);
  });

  it('fixes odd spaces, zero-width characters, tabs and typographic quotes and brackets first', () => {
    const half = Math.floor(A.base58.length / 2);
    const hidden = `${A.base58.slice(0, half)}\u200B${A.base58.slice(half)}\uFEFF`;
    const typographic = `\u201C\uFF3B${[...B.secretKey].join('\uFF0C\u00A0')}\uFF3D\u201D`;
    const text = `\u00A0\t${hidden}\u2003\r\n${typographic}\r\n\u2018${C.base58}\u2019`;
    const { keys, problems } = parsed(text);
    expect(keys.map((key) => [key.address, key.line])).toEqual([
      [A.address, 1],
      [B.address, 2],
      [C.address, 3],
    ]);
    expect(problems).toEqual([]);
  });

  it.each([[10], [44], [60], [80], [86]])(
    'joins a key split across two lines after %i characters',
    (at) => {
      const key = randomKey();
      const text = `first line\n${key.base58.slice(0, at)}\n${key.base58.slice(at)}\nlast`;
      const { keys, problems } = parsed(text);
      expect(keys.map((found) => [found.address, found.line, found.endLine])).toEqual([
        [key.address, 2, 3],
      ]);
      // The words around it are lines that hold no key, and say so; the halves are read.
      expect(problems.map((problem) => problem.line)).toEqual([1, 4]);
    },
  );

  it('joins a split key inside quotes and commas, with CRLF line ends, next to whole keys', () => {
    const at = 50;
    const text = `${A.base58}\r\n  "${B.base58.slice(0, at)}\r\n${B.base58.slice(at)}",\r\n${C.base58}`;
    expect(parsed(text).keys.map((key) => [key.address, key.line, key.endLine])).toEqual([
      [A.address, 1, 1],
      [B.address, 2, 3],
      [C.address, 4, 4],
    ]);
  });

  it('never joins two addresses on adjacent lines, however long they are together', () => {
    const lines = Array.from({ length: 40 }, () => randomKey().address).join('\n');
    const result = parsePrivateKeys(lines);
    expect(result).toMatchObject({
      ok: false,
      problem: 'none',
      message: 'No private keys detected in the input.',
      problems: [
        {
          line: 1,
          endLine: 40,
          kind: 'line',
          message: 'this is a public address, not a private key',
        },
      ],
    });
  });

  it('reads 87- and 88-character keys', () => {
    const short = keyOfLength(87);
    const long = keyOfLength(88);
    expect(addresses(`${short.base58} ${long.base58}`)).toEqual([short.address, long.address]);
  });

  it('reads a valid 86-character key, whose seed starts with a zero byte', () => {
    let key: TestKey | undefined;
    while (!key) {
      const seed = ed25519.utils.randomSecretKey();
      seed[0] = 0;
      seed[1] = (seed[1] ?? 0) % 3;
      const secretKey = new Uint8Array(64);
      secretKey.set(seed);
      secretKey.set(ed25519.getPublicKey(seed), 32);
      const base58 = encodePrivateKeyBase58(secretKey);
      if (base58.length === 86) {
        const address = encodeBase58(secretKey.slice(32));
        key = { secretKey, address, base58, json: JSON.stringify([...secretKey]) };
      }
    }
    expect(addresses(`x\n${key.base58}\ny`)).toEqual([key.address]);
  });

  it('round-trips many random keypairs through base58 and JSON', () => {
    const keys = Array.from({ length: 150 }, randomKey);
    const text = keys.map((key, index) => (index % 2 ? key.json : key.base58)).join('\n');
    expect(addresses(text)).toEqual(keys.map((key) => key.address));
    for (const key of keys.slice(0, 50)) {
      expect(addresses(key.base58)).toEqual([key.address]);
      expect(addresses(key.json)).toEqual([key.address]);
    }
  });

  it('removes duplicates within the input, counting them and naming their addresses', () => {
    const text = [A.base58, B.json, A.json, C.base58, A.base58, B.base58].join('\n');
    const result = parsed(text);
    expect(result.keys.map((key) => [key.address, key.line])).toEqual([
      [A.address, 1],
      [B.address, 2],
      [C.address, 4],
    ]);
    expect(result.duplicatesInInput).toBe(3);
    expect(result.duplicateAddresses).toEqual([A.address, B.address]);
    expect(result.repeats.map(({ line, firstLine }) => [line, firstLine])).toEqual([
      [3, 1],
      [5, 1],
      [6, 2],
    ]);
  });

  describe('fragments that look like keys but are not', () => {
    const problemsOf = (text: string) => {
      const result = parsePrivateKeys(`${A.base58}\n${text}`);
      expect(result.ok && result.value.keys.map((key) => key.address)).toEqual([A.address]);
      return result.ok
        ? result.value.problems.map(({ line, problem, message }) => ({ line, problem, message }))
        : [];
    };

    it.each([
      [
        'an array of 63 numbers',
        JSON.stringify([...A.secretKey.slice(0, 63)]),
        'Invalid private key length',
      ],
      ['an array of 65 numbers', JSON.stringify([...A.secretKey, 1]), 'Invalid private key length'],
      [
        'an array holding 256',
        JSON.stringify([...A.secretKey.slice(0, 63), 256]),
        'Unsupported private key format',
      ],
      [
        'an array holding -1',
        JSON.stringify([-1, ...A.secretKey.slice(1)]),
        'Unsupported private key format',
      ],
      [
        'an array with a trailing comma',
        `[${[...B.secretKey].join(',')},]`,
        'Failed to parse private key',
      ],
      [
        'an array that never closes',
        `[${[...B.secretKey].join(', ')}`,
        'Failed to parse private key',
      ],
      [
        'a 32-byte seed as an array',
        JSON.stringify([...B.secretKey.slice(0, 32)]),
        'Invalid private key length',
      ],
      [
        'a base58 key with a 0 typed in it',
        `${B.base58.slice(0, 40)}0${B.base58.slice(41)}`,
        'Unsupported private key format',
      ],
      ['a key missing ten characters', B.base58.slice(10), 'Invalid private key length'],
      ['two keys run together', B.base58 + C.base58, 'Invalid private key length'],
      [
        'a secret key in hex',
        Array.from(B.secretKey, (byte) => byte.toString(16).padStart(2, '0')).join(''),
        'Unsupported private key format',
      ],
    ])('reports %s on its line with the spec message', (_, fragment, message) => {
      expect(problemsOf(`\n${fragment}`)).toEqual([expect.objectContaining({ line: 3, message })]);
    });

    it('refuses a key whose public half does not match its seed, as base58 and as JSON', () => {
      const tampered = Uint8Array.from(B.secretKey);
      tampered[63] = (tampered[63] ?? 0) ^ 1;
      const text = `${encodePrivateKeyBase58(tampered)}\n${JSON.stringify([...tampered])}`;
      expect(problemsOf(text)).toEqual([
        { line: 2, problem: 'mismatch', message: 'Private key does not match its public key' },
        { line: 3, problem: 'mismatch', message: 'Private key does not match its public key' },
      ]);
    });

    it('reports lines of words, addresses and short bracketed numbers, each with its reason', () => {
      expect(problemsOf(`see [1], [2, 3] and ${B.address}\n${C.address}\n[1,2,3]`)).toEqual([
        { line: 2, problem: 'format', message: 'Unsupported private key format' },
        { line: 3, problem: 'address', message: 'this is a public address, not a private key' },
        { line: 4, problem: 'length', message: 'Invalid private key length' },
      ]);
    });

    it('never puts the fragment itself in a problem', () => {
      const tampered = Uint8Array.from(B.secretKey);
      tampered[40] = (tampered[40] ?? 0) ^ 1;
      const result = parsePrivateKeys(`${encodePrivateKeyBase58(tampered)}\n${C.base58.slice(5)}`);
      const serialised = JSON.stringify(result.ok ? result.value.problems : result.problems);
      expect(serialised).not.toContain(encodePrivateKeyBase58(tampered).slice(0, 12));
      expect(serialised).not.toContain(C.base58.slice(5, 17));
      expect(result.ok ? result.value.problems : result.problems).toHaveLength(2);
    });
  });

  it.each([
    ['', []],
    ['   \n\t  \n[\n],', []],
    ['just some notes, no keys here', ['Unsupported private key format']],
    [A.address, ['this is a public address, not a private key']],
  ])('says "No private keys detected in the input." for %j', (text, messages) => {
    const result = parsePrivateKeys(text);
    expect(result).toMatchObject({ ok: false, problem: 'none', message: NO_PRIVATE_KEYS_MESSAGE });
    expect(!result.ok && result.problems.map((problem) => problem.message)).toEqual(messages);
  });

  it("accounts for every non-empty line of issue 15's paste: a key, text, an address, [1,2,3], one digit over and over, a repeat", () => {
    const text = [
      A.base58,
      'my wallets from the old tool',
      B.address,
      '[1,2,3]',
      '7'.repeat(88),
      '',
      A.json,
      '  ',
      C.base58,
    ].join('\n');
    const result = parsed(text);
    expect(result.keys.map((key) => [key.address, key.line])).toEqual([
      [A.address, 1],
      [C.address, 9],
    ]);
    expect(result.problems.map(({ line, endLine, message }) => [line, endLine, message])).toEqual([
      [2, 2, 'Unsupported private key format'],
      [3, 3, 'this is a public address, not a private key'],
      [4, 4, 'Invalid private key length'],
      [5, 5, 'Unsupported private key format'],
    ]);
    expect(result.repeats).toEqual([{ line: 7, endLine: 7, firstLine: 1, address: A.address }]);
  });

  it('joins adjacent lines with the same reason into one problem, and never a line with a key', () => {
    const notes = ['line one', 'line two', 'line three'].join('\n');
    const result = parsed(`${notes}\n${A.base58}\nmore words\n\nand more`);
    expect(result.problems.map(({ line, endLine }) => [line, endLine])).toEqual([
      [1, 3],
      [5, 5],
      [7, 7],
    ]);
  });

  it('still lists the refused fragments when no key is left', () => {
    const result = parsePrivateKeys(JSON.stringify([...A.secretKey.slice(0, 63)]));
    expect(result).toMatchObject({
      ok: false,
      message: 'No private keys detected in the input.',
      problems: [{ line: 1, endLine: 1, kind: 'json-array', length: 63, problem: 'length' }],
    });
  });

  it('checks public halves with the ed25519 it is given', () => {
    const seeds: number[] = [];
    const result = parsePrivateKeys(`${A.base58}\n${B.json}`, {
      publicKeyOf: (seed) => {
        seeds.push(seed.length);
        return ed25519.getPublicKey(seed);
      },
    });
    expect(result.ok && result.value.keys.map((key) => key.address)).toEqual([
      A.address,
      B.address,
    ]);
    expect(seeds).toEqual([32, 32]);
  });

  it('reads 1,000 keys', () => {
    const keys = Array.from({ length: 1000 }, randomKey);
    const text = keys.map((key, index) => (index % 3 ? key.base58 : key.json)).join('\n');
    const result = parsed(text);
    expect(result.keys).toHaveLength(1000);
    expect(result.keys[999]?.address).toBe(keys[999]?.address);
  });

  it('scans 10 MB of text in one pass, finding the keys in it', () => {
    const filler = 'Lorem ipsum dolor sit amet, [consectetur] adipiscing elit 1234567890.\n';
    const chunk = filler.repeat(Math.ceil(1_000_000 / filler.length));
    const text = [A.base58, chunk, B.json, chunk.repeat(9), C.base58].join('\n');
    expect(text.length).toBeGreaterThan(10_000_000);
    expect(addresses(text)).toEqual([A.address, B.address, C.address]);
  });

  it('stays linear on inputs built to make scanners backtrack', () => {
    const size = 2_000_000;
    const adversarial = [
      '['.repeat(size),
      '[1,'.repeat(size / 3),
      `[${'1 '.repeat(size / 2)}x`,
      '1'.repeat(size),
      'a\n'.repeat(size / 2),
      ` "${'z'.repeat(40)}",\n`.repeat(size / 45),
    ];
    for (const text of adversarial) {
      const result = parsePrivateKeys(text);
      expect(result.ok).toBe(false);
    }
  });
});
