/** Progressive enhancement of ContactForm.astro: validation as you go and sending as JSON. */
import {
  checkFieldMessage,
  CONTACT_FIELDS,
  ENGLISH,
  errorFromQuery,
  errorsFromApi,
  validateContact,
  type ContactErrors,
  type ContactLimits,
  type ContactMessages,
  type ContactValues,
} from './contact-validation.ts';

/** The sentences the page wrote in its language (`data-messages` on `.contact`), English otherwise. */
function pageMessages(root: HTMLElement): ContactMessages {
  try {
    return { ...ENGLISH, ...(JSON.parse(root.dataset['messages'] ?? '{}') as Partial<ContactMessages>) };
  } catch {
    return ENGLISH;
  }
}

/** The form's parts on the page, or null when the page has no contact form. */
function formParts(doc: Document) {
  const form = doc.querySelector<HTMLFormElement>('form[data-contact-form]');
  const summary = doc.querySelector<HTMLElement>('.contact .form-summary');
  const sent = doc.querySelector<HTMLElement>('.contact .form-sent');
  const root = doc.querySelector<HTMLElement>('.contact');
  if (!form || !summary || !sent || !root) return null;
  return {
    doc,
    messages: pageMessages(root),
    form,
    summary,
    sent,
    summaryText: summary.querySelector<HTMLElement>('[data-summary-text]')!,
    summaryDetail: summary.querySelector<HTMLElement>('[data-summary-detail]')!,
    summaryList: summary.querySelector<HTMLElement>('[data-summary-list]')!,
    submit: form.querySelector<HTMLButtonElement>('button[type="submit"]')!,
  };
}
type Parts = NonNullable<ReturnType<typeof formParts>>;

/** What the enhancement does with the form: read it, check it, and say what is wrong. */
function formView(parts: Parts) {
  const { doc, form, summary, summaryText, summaryDetail, summaryList, messages } = parts;
  const control = (field: string) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;
  const values = (): ContactValues =>
    Object.fromEntries(CONTACT_FIELDS.map((f) => [f, control(f).value])) as ContactValues;
  // The limits the page was built with (minlength/maxlength come from the server's schema).
  const limits = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [
      f,
      { min: Math.max(0, control(f).minLength), max: control(f).maxLength > 0 ? control(f).maxLength : Infinity },
    ]),
  ) as ContactLimits;

  const showField = (field: string, message: string | undefined) => {
    const el = control(field);
    const slot = doc.getElementById(`contact-${field}-error`);
    el.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
  };

  const errorLink = (field: string, message: string | undefined) => {
    const li = doc.createElement('li');
    const a = doc.createElement('a');
    a.href = `#contact-${field}`;
    a.className = 'underline';
    a.textContent = message ?? '';
    li.append(a);
    return li;
  };

  return {
    control,
    values,
    messages,
    check: () => validateContact(values(), limits, messages),
    showField,
    showErrors: (errors: ContactErrors) => {
      for (const field of CONTACT_FIELDS) showField(field, errors[field]);
    },
    showSummary: (title: string, detail: string, errors: ContactErrors = {}) => {
      summaryText.textContent = title;
      summaryDetail.textContent = detail;
      summaryList.replaceChildren(...Object.entries(errors).map(([field, message]) => errorLink(field, message)));
      summary.classList.remove('hidden');
      summary.focus();
    },
    hideSummary: () => summary.classList.add('hidden'),
  };
}
type View = ReturnType<typeof formView>;

/** Checks a field when it is left, and again as it is corrected. */
function watchFields(view: View): void {
  const touched = new Set<string>();
  for (const field of CONTACT_FIELDS) {
    const el = view.control(field);
    el.addEventListener('blur', () => {
      if (el.value.trim() === '' && !touched.has(field)) return;
      touched.add(field);
      view.showField(field, view.check()[field]);
    });
    el.addEventListener('input', () => {
      if (el.getAttribute('aria-invalid') === 'true') view.showField(field, view.check()[field]);
    });
  }
}

/** Says why the server did not take the message. */
function showRefusal(view: View, status: number, body: unknown): void {
  const message = (body as { message?: unknown } | null)?.message;
  const words = view.messages;
  if (status === 400) {
    const fieldErrors = errorsFromApi(body, words);
    view.showErrors(fieldErrors);
    view.showSummary(words.notSentCorrect, '', fieldErrors);
  } else if (status === 429) {
    // The API's own sentence names the minutes, in English: other languages say it their way.
    view.showSummary(
      words.tooMany,
      words.serverWording && typeof message === 'string' ? `${message}.`.replace(/\.\.$/, '.') : words.waitMinutes,
    );
  } else {
    view.showSummary(words.notSent, words.failure);
  }
}

/** Sends the checked form as JSON; on success the form gives way to the "sent" panel. */
async function send(parts: Parts, view: View): Promise<void> {
  const { form, sent, submit } = parts;
  submit.disabled = true;
  submit.textContent = view.messages.sending;
  try {
    const website = (form.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...view.values(), ...(website ? { website } : {}) }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      form.hidden = true;
      sent.classList.remove('hidden');
      sent.focus();
      history.replaceState(null, '', location.pathname);
      return;
    }
    showRefusal(view, response.status, body);
  } catch {
    view.showSummary(view.messages.notSent, view.messages.failure);
  } finally {
    submit.disabled = false;
    submit.textContent = view.messages.send;
  }
}

export function enhanceContactForm(doc: Document): void {
  const parts = formParts(doc);
  if (!parts) return;
  parts.form.noValidate = true;
  const view = formView(parts);

  // After a plain post came back here with ?error=…: say what went wrong.
  const fromQuery = errorFromQuery(location.search, view.messages);
  if (fromQuery) {
    view.showSummary(fromQuery.message, fromQuery.fields.length ? view.messages.fieldsMarked : '');
    for (const field of fromQuery.fields) view.showField(field, checkFieldMessage(view.messages, field));
  }
  watchFields(view);

  parts.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const errors = view.check();
    view.showErrors(errors);
    if (Object.keys(errors).length > 0) {
      view.showSummary(view.messages.correct, '', errors);
      return;
    }
    view.hideSummary();
    void send(parts, view);
  });
}
