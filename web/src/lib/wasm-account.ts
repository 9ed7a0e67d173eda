/**
 * The account forms' rules in the browser: the only module that imports the account wasm package
 * (`academy-wasm-account`, built from the `account` feature of wasm/): login, registration and password reset,
 * the password strength meter, the profile form with its e-mail change and avatar, the staff account dialog, the
 * mentorship chat's message rule.
 *
 * Public pages never download it: it is fetched with a dynamic `import()` the first time a page that shows one
 * of these forms asks for it ({@link useAccountRules} when the form is drawn, {@link loadAccountRules} from an
 * event handler). The form is drawn at once, with its full size, while the module loads, so nothing shifts
 * when it arrives; until then the rules are `null`, and what needs them waits (a submit button stays disabled,
 * the strength meter stays empty).
 *
 * Every function asks the Rust rules of `shared/`; TypeScript never re-implements a rule. The value types come
 * from `./rules`, generated from the Rust types.
 */
import type * as AccountWasm from 'academy-wasm-account';
import { lazyModule, useLazyModule } from './lazy-module';
import type {
  LoginField,
  LoginForm,
  LoginPayload,
  PasswordStrength,
  ProfileField,
  ProfileForm,
  ProfileUpdatePayload,
  RegistrationField,
  RegistrationForm,
  RegistrationPayload,
  UploadStep,
} from './rules';
import type { LangCode, Validation } from './wasm';

/** The registration form as a page fills it: the optional details (names, phone, address) may be left out. */
export type RegistrationInput = Omit<RegistrationForm, 'firstName' | 'lastName' | 'phoneNumber' | 'address'> &
  Partial<RegistrationForm>;

/** The account forms' rules, once their module has arrived. */
export interface AccountRules {
  /** Login: username and password trimmed and required. */
  validateLogin(form: LoginForm, lang: LangCode): Validation<LoginPayload, LoginField>;
  /**
   * Registration: email pattern, username ≥ 6, password score ≥ 3, passwords match, every text within its
   * maximum (`textLimits()` of `@/lib/wasm`); builds `POST /users`.
   */
  validateRegistration(form: RegistrationInput, lang: LangCode): Validation<RegistrationPayload, RegistrationField>;
  /** Whether the register button is disabled: submitting, either password empty, different, or score < 3. */
  registrationSubmitDisabled(submitting: boolean, password: string, confirm: string): boolean;
  /** The strength meter: score 0..=5, the five checks, colour (red/yellow/green), label (weak/good/strong). */
  passwordStrength(password: string): PasswordStrength;
  /**
   * Profile update: names ≥ 2, email required and valid, avatar < 3.6 MB, date of birth not after
   * `todayIsoDate` (YYYY-MM-DD in the user's zone, see `todayIn` of `@/lib/dates`), the current password when the
   * address differs from `ownEmail`; builds the `PUT /users/{id}` body.
   */
  validateProfile(
    form: ProfileForm,
    todayIsoDate: string,
    lang: LangCode,
  ): Validation<ProfileUpdatePayload, ProfileField>;
  /**
   * Whether `next` is another e-mail address than `current` (trimmed, any case): a person changing their own
   * address must then give their current password (`validateProfile` with `ownEmail` checks it is filled).
   */
  changesEmail(current: string, next: string): boolean;
  /** The avatar size rule alone, for the file picker: the message when too large, else null. */
  avatarSizeError(bytes: number, lang: LangCode): string | null;
  /** The picture rule for a chosen file's type (`File.type`): the message when it is not JPEG, PNG, GIF or WebP. */
  imageTypeError(contentType: string, lang: LangCode): string | null;
  /** The accepted picture types, for a file input's `accept` attribute ("image/jpeg,image/png,…"). */
  acceptedImageTypes(): string;
  /** The avatar upload percent after a step: 10, 30, 30→70 by bytes sent, 70, 100, then 0. */
  uploadProgress(step: UploadStep): number;
  /** The chat message rule (trimmed, not empty, at most `chatMessageMaxChars()`): the message when broken, else null. */
  chatMessageError(text: string, lang: LangCode): string | null;
  /** The most characters a chat message has. */
  chatMessageMaxChars(): number;
}

type AccountModule = typeof AccountWasm;

function rulesOf(wasm: AccountModule): AccountRules {
  return {
    validateLogin: (form, lang) => wasm.validateLogin(form, lang) as Validation<LoginPayload, LoginField>,
    validateRegistration: (form, lang) =>
      wasm.validateRegistration(form, lang) as Validation<RegistrationPayload, RegistrationField>,
    registrationSubmitDisabled: (submitting, password, confirm) =>
      wasm.registrationSubmitDisabled(submitting, password, confirm),
    passwordStrength: (password) => wasm.passwordStrength(password) as PasswordStrength,
    validateProfile: (form, todayIsoDate, lang) =>
      wasm.validateProfile(form, todayIsoDate, lang) as Validation<ProfileUpdatePayload, ProfileField>,
    changesEmail: (current, next) => wasm.changesEmail(current, next),
    avatarSizeError: (bytes, lang) => wasm.avatarSizeError(bytes, lang) ?? null,
    imageTypeError: (contentType, lang) => wasm.imageTypeError(contentType, lang) ?? null,
    acceptedImageTypes: () => wasm.acceptedImageTypes(),
    uploadProgress: (step) => wasm.uploadProgress(step),
    chatMessageError: (text, lang) => wasm.chatMessageError(text, lang) ?? null,
    chatMessageMaxChars: () => wasm.chatMessageMaxChars(),
  };
}

const account = lazyModule(() => import('academy-wasm-account').then(rulesOf));

/** The account rules, fetched on the first call and kept (a failed fetch is tried again on the next call). */
export function loadAccountRules(): Promise<AccountRules> {
  return account.load();
}

/**
 * The account rules for a form being drawn: `null` on the first render when the module has not arrived yet
 * (the form is drawn without them), then the rules. A module that cannot be fetched is thrown to the route's
 * error boundary.
 */
export function useAccountRules(): AccountRules | null {
  return useLazyModule(account);
}
