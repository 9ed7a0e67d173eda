/** The form kit: field errors (shared rules and the server's 422), focus on the first error, a busy submit button. */
export {
  fieldsOf,
  firstFieldInError,
  focusFirstError,
  messagesOf,
  useForm,
  type FieldMessages,
  type FormKit,
} from './use-form';
export { SubmitButton, type SubmitButtonProps } from './submit-button';
