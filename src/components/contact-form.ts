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

export function enhanceContactForm(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-contact-form]');
  const summary = doc.querySelector<HTMLElement>('.contact .form-summary');
  const sent = doc.querySelector<HTMLElement>('.contact .form-sent');
  if (!form || !summary || !sent) return;
  form.noValidate = true;
  const summaryText = summary.querySelector<HTMLElement>('[data-summary-text]')!;
  const summaryDetail = summary.querySelector<HTMLElement>('[data-summary-detail]')!;
  const summaryList = summary.querySelector<HTMLElement>('[data-summary-list]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const touched = new Set<string>();

  const control = (field: string) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement;
  const values = (): ContactValues => Object.fromEntries(CONTACT_FIELDS.map((f) => [f, control(f).value])) as ContactValues;
  // The limits the page was built with (minlength/maxlength come from the server's schema).
  const limits = Object.fromEntries(
    CONTACT_FIELDS.map((f) => [f, { min: Math.max(0, control(f).minLength), max: control(f).maxLength > 0 ? control(f).maxLength : Infinity }]),
  ) as ContactLimits;
  const check = () => validateContact(values(), limits);

  const showField = (field: string, message: string | undefined) => {
    const el = control(field);
    const slot = doc.getElementById(`contact-${field}-error`);
    el.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
  };

  const showSummary = (title: string, detail: string, errors: ContactErrors = {}) => {
    summaryText.textContent = title;
    summaryDetail.textContent = detail;
    summaryList.replaceChildren(
      ...Object.entries(errors).map(([field, message]) => {
        const li = doc.createElement('li');
        const a = doc.createElement('a');
        a.href = `#contact-${field}`;
        a.className = 'underline';
        a.textContent = message ?? '';
        li.append(a);
        return li;
      }),
    );
    summary.classList.remove('hidden');
    summary.focus();
  };
  const hideSummary = () => summary.classList.add('hidden');

  const showErrors = (errors: ContactErrors) => {
    for (const field of CONTACT_FIELDS) showField(field, errors[field]);
  };

  // After a plain post came back here with ?error=…: say what went wrong.
  const fromQuery = errorFromQuery(location.search);
  if (fromQuery) {
    showSummary(fromQuery.message, fromQuery.fields.length ? 'The fields to check are marked below.' : '');
    for (const field of fromQuery.fields) showField(field, `Please check ${LABELS[field].toLowerCase()}.`);
  }

  // Check a field when leaving it, and again as it is corrected.
  for (const field of CONTACT_FIELDS) {
    const el = control(field);
    el.addEventListener('blur', () => {
      if (el.value.trim() === '' && !touched.has(field)) return;
      touched.add(field);
      showField(field, check()[field]);
    });
    el.addEventListener('input', () => {
      if (el.getAttribute('aria-invalid') === 'true') showField(field, check()[field]);
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const errors = check();
    showErrors(errors);
    if (Object.keys(errors).length > 0) {
      showSummary('Please correct the fields below.', '', errors);
      return;
    }
    hideSummary();
    submit.disabled = true;
    submit.textContent = 'Sending…';
    try {
      const website = (form.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...values(), ...(website ? { website } : {}) }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        form.hidden = true;
        sent.classList.remove('hidden');
        sent.focus();
        history.replaceState(null, '', location.pathname);
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      if (response.status === 400) {
        const fieldErrors = errorsFromApi(body);
        showErrors(fieldErrors);
        showSummary('Your message was not sent. Please correct the fields below.', '', fieldErrors);
      } else if (response.status === 429) {
        showSummary('You have sent several messages in a short time.', typeof message === 'string' ? `${message}.`.replace(/\.\.$/, '.') : 'Please wait a few minutes, then try again.');
      } else {
        showSummary('Your message was not sent.', GENERIC_FAILURE);
      }
    } catch {
      showSummary('Your message was not sent.', GENERIC_FAILURE);
    } finally {
      submit.disabled = false;
      submit.textContent = 'Send message';
    }
  });
}
