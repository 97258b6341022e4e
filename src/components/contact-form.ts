/** Progressive enhancement of ContactForm.astro: validation as you go and sending as JSON. */
import {
  CONTACT_FIELDS,
  errorFromQuery,
  errorsFromApi,
  LABELS,
  validateContact,
  type ContactErrors,
  type ContactLimits,
  type ContactValues,
} from './contact-validation.ts';

const GENERIC_FAILURE = 'Your message could not be sent. Please check your connection and try again in a moment.';

/** The form's parts on the page, or null when the page has no contact form. */
function formParts(doc: Document) {
  const form = doc.querySelector<HTMLFormElement>('form[data-contact-form]');
  const summary = doc.querySelector<HTMLElement>('.contact .form-summary');
  const sent = doc.querySelector<HTMLElement>('.contact .form-sent');
  if (!form || !summary || !sent) return null;
  return {
    doc,
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
  const { doc, form, summary, summaryText, summaryDetail, summaryList } = parts;
  const control = (field: string) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;
  const values = (): ContactValues => Object.fromEntries(CONTACT_FIELDS.map((f) => [f, control(f).value])) as ContactValues;
  // The limits the page was built with (minlength/maxlength come from the server's schema).
  const limits = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, { min: Math.max(0, control(f).minLength), max: control(f).maxLength > 0 ? control(f).maxLength : Infinity }]),
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
    check: () => validateContact(values(), limits),
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
  if (status === 400) {
    const fieldErrors = errorsFromApi(body);
    view.showErrors(fieldErrors);
    view.showSummary('Your message was not sent. Please correct the fields below.', '', fieldErrors);
  } else if (status === 429) {
    view.showSummary('You have sent several messages in a short time.', typeof message === 'string' ? `${message}.`.replace(/\.\.$/, '.') : 'Please wait a few minutes, then try again.');
  } else {
    view.showSummary('Your message was not sent.', GENERIC_FAILURE);
  }
}

/** Sends the checked form as JSON; on success the form gives way to the "sent" panel. */
async function send(parts: Parts, view: View): Promise<void> {
  const { form, sent, submit } = parts;
  submit.disabled = true;
  submit.textContent = 'Sending…';
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
    view.showSummary('Your message was not sent.', GENERIC_FAILURE);
  } finally {
    submit.disabled = false;
    submit.textContent = 'Send message';
  }
}

export function enhanceContactForm(doc: Document): void {
  const parts = formParts(doc);
  if (!parts) return;
  parts.form.noValidate = true;
  const view = formView(parts);

  // After a plain post came back here with ?error=…: say what went wrong.
  const fromQuery = errorFromQuery(location.search);
  if (fromQuery) {
    view.showSummary(fromQuery.message, fromQuery.fields.length ? 'The fields to check are marked below.' : '');
    for (const field of fromQuery.fields) view.showField(field, `Please check ${LABELS[field].toLowerCase()}.`);
  }
  watchFields(view);

  parts.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const errors = view.check();
    view.showErrors(errors);
    if (Object.keys(errors).length > 0) {
      view.showSummary('Please correct the fields below.', '', errors);
      return;
    }
    view.hideSummary();
    void send(parts, view);
  });
}
