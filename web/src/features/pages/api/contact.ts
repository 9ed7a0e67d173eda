import { sendVisitorMessage, type SendOutcome } from '@/lib/send-message';

export interface ContactMessage {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
}

/** `POST /api/contact/message`; empty optional fields are left out. */
export function sendContactMessage(form: ContactMessage): Promise<SendOutcome> {
  const body = Object.fromEntries(
    Object.entries(form).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  return sendVisitorMessage('/api/contact/message', body);
}
