import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, ContactBodySchema } from '../lib/contact/schema.ts';
import { CONTACT_LIMITS } from './contact-limits.ts';
import {
  CONTACT_FIELDS,
  ENGLISH,
  errorFromQuery,
  errorsFromApi,
  validateContact as validateWith,
  type ContactMessages,
  type ContactValues,
} from './contact-validation.ts';

const validateContact = (values: ContactValues) => validateWith(values, CONTACT_LIMITS);

const good: ContactValues = {
  name: 'Ana Reyes',
  email: 'ana@example.org',
  subject: 'National report',
  message: 'When is the next reporting round?',
};

describe('validateContact', () => {
  it('accepts what the server accepts', () => {
    expect(validateContact(good)).toEqual({});
    expect(ContactBodySchema.safeParse(good).success).toBe(true);
  });

  it('refuses what the server refuses, field by field', () => {
    const cases: Partial<ContactValues>[] = [
      { name: ' ' },
      { name: 'A' },
      { email: 'ana' },
      { email: 'ana@example' },
      { subject: 'Hi' },
      { message: 'Too short' },
      { message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
    ];
    for (const change of cases) {
      const values = { ...good, ...change };
      const field = Object.keys(change)[0] as keyof ContactValues;
      expect(validateContact(values)[field], JSON.stringify(change)).toBeTruthy();
      expect(ContactBodySchema.safeParse(values).success, JSON.stringify(change)).toBe(false);
    }
    expect(validateContact({ ...good, name: '' }).name).toBe('Your name is required.');
    expect(validateContact({ ...good, message: 'short' }).message).toBe('Message must be at least 10 characters.');
  });
});

describe('CONTACT_LIMITS', () => {
  it('are exactly the server schema limits: one character less or more is refused', () => {
    for (const field of CONTACT_FIELDS) {
      const { min, max } = CONTACT_LIMITS[field];
      const sized = (n: number) =>
        field === 'email' ? `${'a'.repeat(Math.max(1, n - 6))}@ex.io`.slice(-n) : 'x'.repeat(n);
      const accepts = (n: number) => ContactBodySchema.safeParse({ ...good, [field]: sized(n) }).success;
      if (field !== 'email') {
        expect(accepts(min), `${field} min`).toBe(true);
        expect(accepts(min - 1), `${field} min - 1`).toBe(false);
      }
      expect(accepts(max), `${field} max`).toBe(true);
      expect(accepts(max + 1), `${field} max + 1`).toBe(false);
    }
  });
});

describe('errorsFromApi', () => {
  it('turns the 400 body into sentences and ignores the rest', () => {
    expect(errorsFromApi({ status: 400, errors: { email: ['must be an email address'], website: ['x'] } })).toEqual({
      email: 'Your email address must be an email address.',
    });
    expect(errorsFromApi(null)).toEqual({});
  });
});

describe('errorFromQuery', () => {
  it('explains the redirect of a plain form post', () => {
    expect(errorFromQuery('')).toBeNull();
    expect(errorFromQuery('?error=rate-limited')?.message).toMatch(/wait a few minutes/);
    expect(errorFromQuery('?error=invalid&fields=email,message,bogus')).toEqual({
      message: 'Your message was not sent. Please check: your email address, message.',
      fields: ['email', 'message'],
    });
    expect(errorFromQuery('?error=other')?.fields).toEqual([]);
  });
});

describe('in another language', () => {
  // The page writes these from its catalogue (ContactForm.astro); here, the French ones.
  const fr: ContactMessages = {
    ...ENGLISH,
    lang: 'fr',
    labels: { name: 'Votre nom', email: 'Votre adresse électronique', subject: 'Objet', message: 'Message' },
    required: 'Le champ « {label} » est obligatoire.',
    tooLong: 'Le champ « {label} » doit compter au plus {max} caractères.',
    checkField: 'Veuillez vérifier le champ « {label} ».',
    serverWording: false,
    invalidFields: 'Votre message n’a pas été envoyé. Veuillez vérifier : {fields}.',
  };

  it('says what is wrong in the page’s language, numbers the language’s way', () => {
    expect(validateWith({ ...good, name: '' }, CONTACT_LIMITS, fr).name).toBe(
      'Le champ « Votre nom » est obligatoire.',
    );
    const long = validateWith({ ...good, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, CONTACT_LIMITS, fr).message;
    expect(long).toBe(
      `Le champ « Message » doit compter au plus ${CONTACT_MESSAGE_MAX.toLocaleString('fr')} caractères.`,
    );
  });

  it('never shows the API’s English wording on a translated page', () => {
    expect(errorsFromApi({ errors: { email: ['must be an email address'] } }, fr)).toEqual({
      email: 'Veuillez vérifier le champ « votre adresse électronique ».',
    });
    expect(errorFromQuery('?error=invalid&fields=email,message', fr)?.message).toBe(
      'Votre message n’a pas été envoyé. Veuillez vérifier : votre adresse électronique et message.',
    );
  });
});

describe('the list of fields to check', () => {
  it('is joined the language’s way', () => {
    const ru: ContactMessages = {
      ...ENGLISH,
      lang: 'ru',
      labels: { name: 'Ваше имя', email: 'Ваш адрес электронной почты', subject: 'Тема', message: 'Сообщение' },
      invalidFields: 'Ваше сообщение не отправлено. Проверьте: {fields}.',
    };
    expect(errorFromQuery('?error=invalid&fields=name,message', ru)?.message).toBe(
      'Ваше сообщение не отправлено. Проверьте: ваше имя и сообщение.',
    );
  });
});
