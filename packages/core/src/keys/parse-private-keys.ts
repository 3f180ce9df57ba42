import { decodeBase58, isBase58 } from './base58';
import {
  decodePrivateKey,
  PRIVATE_KEY_MESSAGES,
  type DecodedPrivateKey,
  type PrivateKeyProblem,
} from './decode-private-key';
import type { Ed25519PublicKeyOf } from './ed25519-public-key';
import { normalizeKeyText } from './normalize-key-text';

/**
 * Finds every private key in the text an operator pastes into the Private Keys tab (spec 1 §5):
 * base58 strings (also one split across two lines) and JSON arrays of 64 integers 0–255, one per
 * line or mixed with other text, several arrays in one text or one array over several lines.
 * Base58 keys are 87–88 characters; a valid key of 86 (its seed starts with a zero byte, about one
 * in 20,000 keys) is read too, since what decides is that the text decodes to a 64-byte key whose
 * public half matches its seed.
 *
 * Nothing that looks like a key is dropped silently: it is either a key or a problem naming its
 * lines and the spec's message. "Looks like a key" means:
 * - a run of 50 or more letters and digits (an address has at most 44), or
 * - a bracketed list of 16 or more numbers (closed or not).
 * Shorter runs matter only as a half of a key split over two lines: two adjacent lines, each
 * holding one run (quotes and commas around it allowed), are joined when the joined text is 86–88
 * characters and decodes to a 64-byte key whose public half matches its seed — never otherwise,
 * so two addresses on adjacent lines are never mistaken for a key.
 *
 * The scan is linear in the text (no regular expressions, each character visited at most twice),
 * and only fragments that can be keys are decoded, so 10 MB of text is cheap to scan; the cost
 * that remains is one ed25519 public-key derivation per key-like fragment (the match check).
 * Problems carry line numbers and sizes only, never the fragment's text: a refused key is still
 * a secret.
 *
 * Every other non-empty line is accounted for too (issue 15: no input is dropped without a word):
 * a line with a letter or digit that holds no key and no refused fragment is a `line` problem —
 * a public address alone on its line says so, a short bracketed list alone on its line has an
 * invalid length, anything else is an unsupported format. Adjacent lines with the same reason
 * are one problem spanning them, so a pasted document costs a few problems, not one per line.
 * A key that appears again is reported as a repeat naming the line of its first appearance.
 */
export const NO_PRIVATE_KEYS_MESSAGE = 'No private keys detected in the input.';

/** Issue 15's words for a line holding only a public address. */
export const PUBLIC_ADDRESS_LINE_MESSAGE = 'this is a public address, not a private key';

export const KEY_LINE_MESSAGES = Object.freeze({
  ...PRIVATE_KEY_MESSAGES,
  address: PUBLIC_ADDRESS_LINE_MESSAGE,
});

export type KeyLineProblem = keyof typeof KEY_LINE_MESSAGES;

/** `line`: a whole line (or adjacent lines) with no key-like fragment in it. */
export type KeyFragmentKind = 'base58' | 'json-array' | 'line';

export interface KeyFragment {
  /** 1-based line of the fragment's first character, in the text as pasted. */
  readonly line: number;
  /** 1-based line of its last character (differs for split keys and multi-line arrays). */
  readonly endLine: number;
  readonly kind: KeyFragmentKind;
  /** Characters of a base58 fragment, numbers of an array. */
  readonly length: number;
}

export interface ParsedPrivateKey extends DecodedPrivateKey, KeyFragment {}

export interface KeyFragmentProblem extends KeyFragment {
  readonly problem: KeyLineProblem;
  readonly message: string;
}

/** A key met again: where it is, and the line where it first appeared (and is read). */
export interface KeyRepeat {
  readonly line: number;
  readonly endLine: number;
  readonly firstLine: number;
  readonly address: string;
}

export interface ParsedPrivateKeys {
  /** Distinct keys, in input order (a repeated key keeps its first place). */
  readonly keys: readonly ParsedPrivateKey[];
  /** How many repeats were removed. */
  readonly duplicatesInInput: number;
  /** Each address that appeared more than once, once, in input order. */
  readonly duplicateAddresses: readonly string[];
  /** Every repeat, in input order. */
  readonly repeats: readonly KeyRepeat[];
  /** Fragments that looked like keys and were refused, in input order. */
  readonly problems: readonly KeyFragmentProblem[];
}

export type ParsePrivateKeysResult =
  | { readonly ok: true; readonly value: ParsedPrivateKeys }
  | {
      readonly ok: false;
      readonly problem: 'none';
      readonly message: typeof NO_PRIVATE_KEYS_MESSAGE;
      readonly problems: readonly KeyFragmentProblem[];
    };

export interface ParsePrivateKeysOptions {
  readonly publicKeyOf?: Ed25519PublicKeyOf;
}

/** A run this long is no address (at most 44) and no word: it is meant as a key. */
export const KEY_LIKE_RUN_CHARS = 50;
/** A bracketed list with this many numbers is meant as a key. */
export const KEY_LIKE_ARRAY_NUMBERS = 16;
const SPLIT_KEY_MIN_CHARS = 86;
const SPLIT_KEY_MAX_CHARS = 88;
/** Longer runs are refused by length without decoding (base58 decoding is quadratic). */
const DECODE_MAX_CHARS = 100;

const ALNUM = 1;
const ARRAY_FILLER = 2; // whitespace, comma, sign and decimal point inside a numeric list
const DIGIT = 4;
const WRAPPER = 8; // what may surround a key on its own line: spaces, quotes, commas, semicolons
const HEX = 16;

const CLASS = (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, flag: number) => {
    for (const char of chars) {
      const code = char.charCodeAt(0);
      table[code] = (table[code] ?? 0) | flag;
    }
  };
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  mark(letters, ALNUM);
  mark('0123456789', ALNUM | DIGIT | HEX);
  mark('abcdefABCDEF', HEX);
  mark(' \n,-+.', ARRAY_FILLER);
  mark(' ,;"\'', WRAPPER);
  return table;
})();

function classOf(code: number): number {
  return code < 128 ? (CLASS[code] ?? 0) : 0;
}

interface RawFragment {
  readonly kind: KeyFragmentKind;
  readonly start: number;
  readonly end: number;
  /** Numbers in an array; characters of a run. */
  readonly length: number;
  /** An array whose closing bracket never came. */
  readonly unclosed: boolean;
  /** A run with nothing but wrapper characters beside it on its line. */
  readonly aloneOnLine: boolean;
}

export function parsePrivateKeys(
  input: string,
  options: ParsePrivateKeysOptions = {},
): ParsePrivateKeysResult {
  const text = normalizeKeyText(input);
  const lines = new LineIndex(text);
  const decodeOptions = options.publicKeyOf ? { publicKeyOf: options.publicKeyOf } : {};
  const found: ParsedPrivateKey[] = [];
  const problems: KeyFragmentProblem[] = [];
  /** Lines whose reason, if nothing else reads them, is known from a fragment on them. */
  const lineHints = new Map<number, KeyLineProblem>();

  const fragments = scanFragments(text);
  for (let index = 0; index < fragments.length; index++) {
    const fragment = fragments[index] as RawFragment;
    const next = fragments[index + 1];
    if (next && isSplitKeyPair(lines, fragment, next)) {
      const joined = text.slice(fragment.start, fragment.end) + text.slice(next.start, next.end);
      const decoded = decodePrivateKey(joined, decodeOptions);
      if (decoded.ok) {
        found.push(
          Object.freeze({
            ...decoded.value,
            line: lines.lineOf(fragment.start),
            endLine: lines.lineOf(next.end - 1),
            kind: 'base58' as const,
            length: joined.length,
          }),
        );
        index++;
        continue;
      }
    }
    const outcome = classify(text, fragment, decodeOptions);
    if (outcome === undefined) {
      const hint = hintOf(text, fragment);
      if (hint) lineHints.set(lines.lineOf(fragment.start), hint);
      continue;
    }
    const place: KeyFragment = {
      line: lines.lineOf(fragment.start),
      endLine: lines.lineOf(fragment.end - 1),
      kind: fragment.kind,
      length: fragment.length,
    };
    if ('secretKey' in outcome) found.push(Object.freeze({ ...outcome, ...place }));
    else {
      problems.push(
        Object.freeze({
          ...place,
          problem: outcome.problem,
          message: PRIVATE_KEY_MESSAGES[outcome.problem],
        }),
      );
    }
  }

  const lineProblems = unreadLines(text, lines, [...found, ...problems], lineHints);
  const frozenProblems = Object.freeze(
    [...problems, ...lineProblems].sort((a, b) => a.line - b.line),
  );
  if (found.length === 0) {
    return Object.freeze({
      ok: false as const,
      problem: 'none' as const,
      message: NO_PRIVATE_KEYS_MESSAGE,
      problems: frozenProblems,
    });
  }
  return Object.freeze({
    ok: true as const,
    value: Object.freeze({ ...removeDuplicates(found), problems: frozenProblems }),
  });
}

function removeDuplicates(found: readonly ParsedPrivateKey[]) {
  const first = new Map<string, ParsedPrivateKey>();
  const keys: ParsedPrivateKey[] = [];
  const duplicateAddresses: string[] = [];
  const repeats: KeyRepeat[] = [];
  const repeated = new Set<string>();
  for (const key of found) {
    const earlier = first.get(key.address);
    if (earlier === undefined) {
      first.set(key.address, key);
      keys.push(key);
      continue;
    }
    if (!repeated.has(key.address)) {
      repeated.add(key.address);
      duplicateAddresses.push(key.address);
    }
    repeats.push(
      Object.freeze({
        line: key.line,
        endLine: key.endLine,
        firstLine: earlier.line,
        address: key.address,
      }),
    );
  }
  return {
    keys: Object.freeze(keys),
    duplicatesInInput: found.length - keys.length,
    duplicateAddresses: Object.freeze(duplicateAddresses),
    repeats: Object.freeze(repeats),
  };
}

/** Addresses are 32 bytes: 32 to 44 base58 characters. */
const ADDRESS_MIN_CHARS = 32;
const ADDRESS_MAX_CHARS = 44;
const ADDRESS_BYTES = 32;

/**
 * What a fragment too small to be a key says about its line, when it is the only thing there: a
 * short bracketed list is a key of the wrong length; a run that decodes to 32 bytes is an address.
 */
function hintOf(text: string, fragment: RawFragment): KeyLineProblem | undefined {
  if (fragment.kind === 'json-array') {
    return isAloneOnLine(text, fragment.start, fragment.end) ? 'length' : undefined;
  }
  if (!fragment.aloneOnLine) return undefined;
  if (fragment.length < ADDRESS_MIN_CHARS || fragment.length > ADDRESS_MAX_CHARS) return undefined;
  const run = text.slice(fragment.start, fragment.end);
  return isBase58(run) && decodeBase58(run).length === ADDRESS_BYTES ? 'address' : undefined;
}

/**
 * The non-empty lines nothing read: each line with a letter or digit that no key and no refused
 * fragment touches, with the reason its hint gives, else an unsupported format. Adjacent lines
 * with the same reason become one problem.
 */
function unreadLines(
  text: string,
  lines: LineIndex,
  read: readonly KeyFragment[],
  hints: ReadonlyMap<number, KeyLineProblem>,
): KeyFragmentProblem[] {
  const covered = new Uint8Array(lines.count + 1);
  for (const fragment of read) covered.fill(1, fragment.line, fragment.endLine + 1);
  const unread: KeyFragmentProblem[] = [];
  for (let line = 1; line <= lines.count; line++) {
    if (covered[line]) continue;
    const [start, end] = lines.rangeOf(line);
    if (!hasAlnum(text, start, end)) continue;
    const problem = hints.get(line) ?? 'format';
    const previous = unread.at(-1);
    if (previous && previous.problem === problem && previous.endLine === line - 1) {
      unread[unread.length - 1] = Object.freeze({
        ...previous,
        endLine: line,
        length: previous.length + 1 + end - start,
      });
      continue;
    }
    unread.push(
      Object.freeze({
        line,
        endLine: line,
        kind: 'line' as const,
        length: end - start,
        problem,
        message: KEY_LINE_MESSAGES[problem],
      }),
    );
  }
  return unread;
}

function hasAlnum(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    if (classOf(text.charCodeAt(index)) & ALNUM) return true;
  }
  return false;
}

type Classified = DecodedPrivateKey | { readonly problem: PrivateKeyProblem } | undefined;

function classify(
  text: string,
  fragment: RawFragment,
  decodeOptions: { publicKeyOf?: Ed25519PublicKeyOf },
): Classified {
  if (fragment.kind === 'json-array') {
    if (fragment.length < KEY_LIKE_ARRAY_NUMBERS) return undefined;
    if (fragment.unclosed) return { problem: 'parse' };
    const decoded = decodePrivateKey(text.slice(fragment.start, fragment.end), decodeOptions);
    return decoded.ok ? decoded.value : { problem: decoded.problem };
  }
  if (fragment.length < KEY_LIKE_RUN_CHARS) return undefined;
  if (isAllHex(text, fragment)) return { problem: 'format' };
  if (fragment.length > DECODE_MAX_CHARS) return { problem: 'length' };
  const decoded = decodePrivateKey(text.slice(fragment.start, fragment.end), decodeOptions);
  return decoded.ok ? decoded.value : { problem: decoded.problem };
}

function isAllHex(text: string, fragment: RawFragment): boolean {
  for (let index = fragment.start; index < fragment.end; index++) {
    if ((classOf(text.charCodeAt(index)) & HEX) === 0) return false;
  }
  return true;
}

function isSplitKeyPair(lines: LineIndex, first: RawFragment, second: RawFragment): boolean {
  if (first.kind !== 'base58' || second.kind !== 'base58') return false;
  if (!first.aloneOnLine || !second.aloneOnLine) return false;
  const joinedLength = first.length + second.length;
  if (joinedLength < SPLIT_KEY_MIN_CHARS || joinedLength > SPLIT_KEY_MAX_CHARS) return false;
  return lines.lineOf(second.start) === lines.lineOf(first.start) + 1;
}

/**
 * One left-to-right pass producing the fragments that can matter: numeric bracketed lists,
 * key-like runs, and runs alone on their line (possible halves of a split key).
 */
function scanFragments(text: string): RawFragment[] {
  const fragments: RawFragment[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x5b /* [ */) {
      const array = scanArray(text, index);
      if (array.kind === 'restart') {
        index = array.at;
        continue;
      }
      if (array.kind === 'array') {
        fragments.push(array.fragment);
        index = array.fragment.end;
        continue;
      }
      // Not a numeric list: the bracket is an ordinary character; look inside it for runs.
      index++;
      continue;
    }
    if (classOf(code) & ALNUM) {
      let end = index + 1;
      while (end < length && classOf(text.charCodeAt(end)) & ALNUM) end++;
      const aloneOnLine = isAloneOnLine(text, index, end);
      if (end - index >= KEY_LIKE_RUN_CHARS || aloneOnLine) {
        fragments.push({
          kind: 'base58',
          start: index,
          end,
          length: end - index,
          unclosed: false,
          aloneOnLine,
        });
      }
      index = end;
      continue;
    }
    index++;
  }
  return fragments;
}

type ArrayScan =
  | { readonly kind: 'array'; readonly fragment: RawFragment }
  | { readonly kind: 'restart'; readonly at: number }
  | { readonly kind: 'none' };

/**
 * From an opening bracket: a list of numbers up to `]` is an array fragment (small ones too, so
 * that their digits are not read again as runs); another `[` first means this one only wraps
 * arrays (`[[...],[...]]`), so scanning restarts there; any other character ends the attempt —
 * with many numbers already read, as an unclosed array, else as no array at all.
 */
function scanArray(text: string, start: number): ArrayScan {
  let numbers = 0;
  let inNumber = false;
  let index = start + 1;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5d /* ] */) {
      const fragment = arrayFragment(start, index + 1, numbers, false);
      return { kind: 'array', fragment };
    }
    if (code === 0x5b /* [ */) return { kind: 'restart', at: index };
    const flags = classOf(code);
    if (flags & DIGIT) {
      if (!inNumber) numbers++;
      inNumber = true;
    } else if (flags & ARRAY_FILLER) inNumber = false;
    else break;
  }
  if (numbers >= KEY_LIKE_ARRAY_NUMBERS) {
    return { kind: 'array', fragment: arrayFragment(start, index, numbers, true) };
  }
  return { kind: 'none' };
}

function arrayFragment(
  start: number,
  end: number,
  numbers: number,
  unclosed: boolean,
): RawFragment {
  return { kind: 'json-array', start, end, length: numbers, unclosed, aloneOnLine: false };
}

function isAloneOnLine(text: string, start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && classOf(text.charCodeAt(before)) & WRAPPER) before--;
  if (before >= 0 && text.charCodeAt(before) !== 0x0a) return false;
  let after = end;
  while (after < text.length && classOf(text.charCodeAt(after)) & WRAPPER) after++;
  return after >= text.length || text.charCodeAt(after) === 0x0a;
}

/** Offsets to 1-based line numbers by binary search over the line starts. */
class LineIndex {
  private readonly starts: number[] = [0];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.starts.push(index + 1);
    }
  }

  get count(): number {
    return this.starts.length;
  }

  /** Start and end offsets of a 1-based line, without its line break. */
  rangeOf(line: number): readonly [number, number] {
    const start = this.starts[line - 1] ?? 0;
    const next = this.starts[line];
    return [start, next === undefined ? this.length : next - 1];
  }

  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}
