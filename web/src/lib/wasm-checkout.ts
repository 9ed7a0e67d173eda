/**
 * The checkout's rules in the browser: the only module that imports the checkout's wasm package
 * (`academy-wasm-checkout`, built from the `checkout` feature of wasm/): the VietQR payload of a bank transfer,
 * its QR code as an SVG path, and the time left before an unpaid order expires.
 *
 * Only the checkout downloads it (the QR encoder is in this module alone): it is fetched with a dynamic
 * `import()` when the payment panel is first drawn ({@link useCheckoutRules}) or asked for
 * ({@link loadCheckoutRules}). The panel is drawn at once, the QR code's square kept empty until the module
 * arrives, so nothing shifts.
 *
 * The payload, its checks and their messages are the ones the server uses (shared/src/vietqr.rs); TypeScript never
 * re-implements a rule.
 */
import type * as CheckoutWasm from 'academy-wasm-checkout';
import { lazyModule, useLazyModule } from './lazy-module';
import type { Currency, QrSvg, Remaining, VietQrField } from './rules';
import type { LangCode, Validation } from './wasm';

/** A transfer to encode: the beneficiary's bank BIN and account, the amount in minor units (VND only) and the note. */
export interface VietQrInput {
  bin: string;
  accountNumber: string;
  amount: number;
  currency: Currency | (string & {});
  note: string;
}

/** The checkout's rules, once their module has arrived. */
export interface CheckoutRules {
  /**
   * The payload a banking app scans (`000201…6304` and its CRC), or the first broken input's message under its
   * field: BIN 6 digits, account 1–19 digits or capitals, VND only, amount 1 to 13 digits, note 1–25 capitals,
   * digits or spaces. Throws when the amount is not a whole number or the currency code is unknown.
   */
  vietqrPayload(input: VietQrInput, lang: LangCode): Validation<string, VietQrField>;
  /**
   * The QR code of `text` at error-correction level M: fill `path` in a `0 0 side side` view box (the quiet zone
   * included). Throws when the text is too long for a QR code.
   */
  qrSvgPath(text: string): QrSvg;
  /** The time left at `nowMs` until `expiresAtMs` (epoch ms), whole seconds rounded up; zero and `done` after. */
  expiryRemaining(expiresAtMs: number, nowMs: number): Remaining;
}

type CheckoutModule = typeof CheckoutWasm;

function rulesOf(wasm: CheckoutModule): CheckoutRules {
  return {
    vietqrPayload: (input, lang) => wasm.vietqrPayload(input, lang) as Validation<string, VietQrField>,
    qrSvgPath: (text) => wasm.qrSvgPath(text) as QrSvg,
    expiryRemaining: (expiresAtMs, nowMs) => wasm.expiryRemaining(expiresAtMs, nowMs) as Remaining,
  };
}

const checkout = lazyModule(() => import('academy-wasm-checkout').then(rulesOf));

/** The checkout rules, fetched on the first call and kept (a failed fetch is tried again on the next call). */
export function loadCheckoutRules(): Promise<CheckoutRules> {
  return checkout.load();
}

/** The checkout rules for a component being drawn: `null` until the module has arrived, then the rules. */
export function useCheckoutRules(): CheckoutRules | null {
  return useLazyModule(checkout);
}
