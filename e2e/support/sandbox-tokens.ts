// SPL mints and balances made on the sandbox chain of a Fleet started by `startFleetServer`, the
// way a token's issuer would: real transactions of the System, Token, Token-2022 and Associated
// Token Account programs, signed by a throwaway authority funded by the sandbox's airdrop. Only
// the chain is touched: Fleet learns of the tokens by reading it.

import { buildSignedInstructions } from '@fleet/chain';
import {
  associatedTokenAddress,
  createAssociatedAccountInstruction,
  decodeBase58,
  tokenProgramAddress,
  SYSTEM_PROGRAM_ADDRESS,
  type Address,
  type Instruction,
  type TokenProgramKind,
} from '@fleet/core';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { rpcCall, waitUntilConfirmed } from './sandbox-market';

/** A mint account's size: 82 bytes, or with extensions the 165-byte base, its type and the TLVs. */
const MINT_SIZE = 82;
/** Token-2022's mint with the TransferFeeConfig extension: 165 + 1 + (2 + 2 + 108). */
const TRANSFER_FEE_MINT_SIZE = 278;

const meta = (address: string, signer: boolean, writable: boolean) => ({
  address: address as Address,
  signer,
  writable,
});

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** System Program CreateAccount (0): `space` bytes owned by `owner`, funded by `payer`. */
function createAccount(
  payer: string,
  account: string,
  lamports: bigint,
  space: number,
  owner: string,
): Instruction {
  const data = new Uint8Array(4 + 8 + 8 + 32);
  const view = new DataView(data.buffer);
  view.setUint32(0, 0, true);
  view.setBigUint64(4, lamports, true);
  view.setBigUint64(12, BigInt(space), true);
  data.set(decodeBase58(owner), 20);
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [meta(payer, true, true), meta(account, true, true)],
    data,
  };
}

/** InitializeMint2 (20): no freeze authority. */
function initializeMint(
  program: TokenProgramKind,
  mint: string,
  decimals: number,
  authority: string,
): Instruction {
  return {
    programAddress: tokenProgramAddress(program),
    accounts: [meta(mint, false, true)],
    data: concat(Uint8Array.of(20, decimals), decodeBase58(authority), Uint8Array.of(0)),
  };
}

/**
 * Token-2022's TransferFeeExtension (26) InitializeTransferFeeConfig (0), before the mint is
 * initialised: the fee in basis points, capped at `maximumFee`, with no authority to change it.
 */
function initializeTransferFee(mint: string, basisPoints: number, maximumFee: bigint): Instruction {
  const bps = new Uint8Array(2);
  new DataView(bps.buffer).setUint16(0, basisPoints, true);
  return {
    programAddress: tokenProgramAddress('token2022'),
    accounts: [meta(mint, false, true)],
    data: concat(Uint8Array.of(26, 0, 0, 0), bps, u64(maximumFee)),
  };
}

/** MintToChecked (14). */
function mintTo(
  program: TokenProgramKind,
  mint: string,
  destination: string,
  authority: string,
  amount: bigint,
  decimals: number,
): Instruction {
  return {
    programAddress: tokenProgramAddress(program),
    accounts: [
      meta(mint, false, true),
      meta(destination, false, true),
      meta(authority, true, false),
    ],
    data: concat(Uint8Array.of(14), u64(amount), Uint8Array.of(decimals)),
  };
}

export interface SandboxMint {
  readonly mint: Address;
  readonly program: TokenProgramKind;
  readonly decimals: number;
  /** Token-2022's transfer fee in basis points; 0 for none. */
  readonly feeBasisPoints: number;
}

/** An issuer on the sandbox: its authority pays and signs every mint and balance it makes. */
export async function sandboxIssuer(rpcUrl: string) {
  const authority = await generateKeyPairSigner();
  const signers = new Map<string, KeyPairSigner>([[authority.address, authority]]);
  const airdrop = await rpcCall<string>(rpcUrl, 'requestAirdrop', [
    authority.address,
    10_000_000_000,
  ]);
  await waitUntilConfirmed(rpcUrl, airdrop);

  const send = async (instructions: readonly Instruction[]): Promise<void> => {
    const { value } = await rpcCall<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      rpcUrl,
      'getLatestBlockhash',
      [{ commitment: 'confirmed' }],
    );
    const signed = await buildSignedInstructions(
      {
        feePayer: authority.address,
        instructions,
        lifetime: {
          blockhash: value.blockhash,
          lastValidBlockHeight: BigInt(value.lastValidBlockHeight),
        },
      },
      (address) => {
        const signer = signers.get(address);
        return signer
          ? Promise.resolve(signer)
          : Promise.reject(new Error(`no key for ${address}`));
      },
    );
    const signature = await rpcCall<string>(rpcUrl, 'sendTransaction', [
      signed.wireBase64,
      { encoding: 'base64' },
    ]);
    await waitUntilConfirmed(rpcUrl, signature);
  };

  return {
    /** A new mint; `feeBasisPoints` makes it a Token-2022 mint with that transfer fee. */
    async createMint(options: {
      readonly program: TokenProgramKind;
      readonly decimals: number;
      readonly feeBasisPoints?: number;
    }): Promise<SandboxMint> {
      const mint = await generateKeyPairSigner();
      signers.set(mint.address, mint);
      const fee = options.feeBasisPoints ?? 0;
      if (fee > 0 && options.program !== 'token2022')
        throw new Error('only Token-2022 charges fees');
      const space = fee > 0 ? TRANSFER_FEE_MINT_SIZE : MINT_SIZE;
      const rent = BigInt(
        await rpcCall<number>(rpcUrl, 'getMinimumBalanceForRentExemption', [space]),
      );
      await send([
        createAccount(
          authority.address,
          mint.address,
          rent,
          space,
          tokenProgramAddress(options.program),
        ),
        ...(fee > 0 ? [initializeTransferFee(mint.address, fee, 2n ** 64n - 1n)] : []),
        initializeMint(options.program, mint.address, options.decimals, authority.address),
      ]);
      return {
        mint: mint.address as string as Address,
        program: options.program,
        decimals: options.decimals,
        feeBasisPoints: fee,
      };
    },

    /** Mints each owner its amounts of the given mints into its associated accounts, one transaction per owner. */
    async give(
      owner: string,
      grants: readonly { readonly mint: SandboxMint; readonly amount: bigint }[],
    ): Promise<void> {
      const instructions = grants.flatMap(({ mint, amount }) => {
        const account = associatedTokenAddress(owner as Address, mint.mint, mint.program);
        return [
          createAssociatedAccountInstruction({
            program: mint.program,
            payer: authority.address as string as Address,
            account,
            owner: owner as Address,
            mint: mint.mint,
          }),
          mintTo(mint.program, mint.mint, account, authority.address, amount, mint.decimals),
        ];
      });
      await send(instructions);
    },
  };
}
