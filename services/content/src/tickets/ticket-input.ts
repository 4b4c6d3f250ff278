import { badRequest } from '@mediakit/kit';

export const TICKET_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Deliberately loose (one @, a dot in the domain, no spaces): the confirmation email is the real test. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

interface Issue {
  field: string;
  message: string;
}

/** Collects the problems of a form, every field at once, then throws them as one 400. */
class Form {
  readonly issues: Issue[] = [];

  text(value: string, field: string, max: number, label = field): string {
    const trimmed = value.trim();
    if (!trimmed) this.issues.push({ field, message: `Please enter ${label}.` });
    else if (trimmed.length > max)
      this.issues.push({
        field,
        message: `${capitalize(label)} must have at most ${max} characters (it has ${trimmed.length}).`,
      });
    return trimmed;
  }

  optionalText(value: string, field: string, max: number, label: string): string {
    return value.trim() ? this.text(value, field, max, label) : '';
  }

  email(value: string): string {
    const email = this.text(value, 'email', TICKET_LIMITS.email, 'your email address');
    if (email && email.length <= TICKET_LIMITS.email && !EMAIL.test(email))
      this.issues.push({
        field: 'email',
        message: `"${email.slice(0, 60)}" is not an email address: write it like name@example.com.`,
      });
    return email;
  }

  done(): void {
    if (this.issues.length) throw badRequest(this.issues.map((i) => i.message).join(' '), this.issues);
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Strips line breaks from what becomes an email subject line. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function checkContact(input: ContactInput): ContactInput {
  const form = new Form();
  const checked = {
    name: oneLine(form.text(input.name, 'name', TICKET_LIMITS.name, 'your name')),
    email: form.email(input.email),
    subject: oneLine(form.optionalText(input.subject, 'subject', TICKET_LIMITS.subject, 'the subject')),
    message: form.text(input.message, 'message', TICKET_LIMITS.message, 'a message'),
  };
  form.done();
  return checked;
}

export function checkNewTicket(input: { subject: string; message: string }): {
  subject: string;
  message: string;
} {
  const form = new Form();
  const checked = {
    subject: oneLine(form.text(input.subject, 'subject', TICKET_LIMITS.subject, 'a subject')),
    message: form.text(input.message, 'message', TICKET_LIMITS.message, 'a message'),
  };
  form.done();
  return checked;
}

export function checkMessage(message: string): string {
  const form = new Form();
  const checked = form.text(message, 'message', TICKET_LIMITS.message, 'a message');
  form.done();
  return checked;
}
