import { describe, expect, it } from 'vitest';
import { keyDraftMessage, readKeyDraft } from './master-key-draft';

// A test key: seed bytes 1..32 followed by the public key they derive.
const SECRET_BASE58 =
  '2Ana1pUpv2ZbMVkwF5FXapYeBEjdxDatLn7nvJkhgTSdZd8hbDHTd21as7EAsg7ypityqfsw2pMQKJcVDVcAEsd';
const ADDRESS = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj';
const SECRET_JSON =
  '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,121,181,86,46,143,230,84,249,64,120,177,18,232,169,139,167,144,31,133,58,230,149,190,215,224,227,145,11,173,4,150,100]';

describe('the master key being typed', () => {
  it('derives the public address from a base58 or JSON-array key', () => {
    expect(readKeyDraft(`  ${SECRET_BASE58}\n`)).toEqual({
      kind: 'valid',
      address: ADDRESS,
      privateKey: SECRET_BASE58,
    });
    expect(readKeyDraft(SECRET_JSON)).toMatchObject({ kind: 'valid', address: ADDRESS });
  });

  it("explains an unusable key in the spec's words", () => {
    expect(readKeyDraft('   ')).toEqual({ kind: 'empty', message: 'Private key is empty' });
    expect(readKeyDraft(SECRET_BASE58.slice(0, 40))).toEqual({
      kind: 'invalid',
      message: 'Invalid private key length',
    });
    expect(readKeyDraft('not a key!')).toEqual({
      kind: 'invalid',
      message: 'Unsupported private key format',
    });
    expect(readKeyDraft('[1, 2,')).toEqual({
      kind: 'invalid',
      message: 'Failed to parse private key',
    });
  });

  it('says nothing about an empty field until Save is pressed', () => {
    expect(keyDraftMessage(readKeyDraft(''), false)).toBeUndefined();
    expect(keyDraftMessage(readKeyDraft(''), true)).toBe('Private key is empty');
    expect(keyDraftMessage(readKeyDraft('x!'), false)).toBe('Unsupported private key format');
    expect(keyDraftMessage(readKeyDraft(SECRET_BASE58), true)).toBeUndefined();
  });
});
