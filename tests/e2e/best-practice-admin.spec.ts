import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL, DEMO, expectNoAxeViolations, expectPath, signIn, watchConsole } from './support.ts';

/** A picture made on the spot: a green park under a blue sky. */
async function picture(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" ` +
    `fill="#bae6fd"/><rect y="520" width="1200" height="280" fill="#15803d"/><circle cx="900" cy="200" r="70" ` +
    `fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test(
  'a focal point writes and submits a practice with an image; the reviewer asks for changes; the author resolves ' +
    'the comment, crops the cover again and resubmits; published',
  async ({ browser }) => {
    test.setTimeout(120_000);
    const title = `Neighbourhood pocket parks ${Date.now().toString(36)}`;

    // The focal point (state_member, Philippines) starts a draft.
    const author = await (await browser.newContext()).newPage();
    const authorProblems = watchConsole(author);
    await signIn(author, DEMO.member);
    await expectPath(author, '/dashboard');
    await author.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Best Practices' }).click();
    await expectPath(author, '/module/best-practice');
    await author.getByRole('link', { name: 'New practice' }).click();
    await author.getByLabel('Title').fill(title);
    await author.getByRole('button', { name: 'Create draft' }).click();
    await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const practiceUrl = author.url();
    expect(practiceUrl).toMatch(/\/module\/best-practice\/form\/[0-9a-f-]{36}$/);

    // Submitting is not possible until the required sections are filled.
    await expect(author.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await section(author, 'Title and place').getByLabel('City or place').fill('Cebu City');
    await section(author, 'Organisations').getByLabel('Lead organisation').fill('Cebu City Parks Office');
    await section(author, 'Period and key dates').getByLabel('Start').fill('2021-03-01');
    await section(author, 'Themes').getByLabel('Planning, design and public space').check();
    const summary = section(author, 'Summary').getByLabel('Summary');
    await summary.fill('Vacant lots turned into small shaded parks, designed with the neighbours who use them.');
    await expect(section(author, 'Summary').getByText('14 of 250 words')).toBeVisible();
    await section(author, 'Context: the situation before')
      .getByLabel('Context: the situation before')
      .fill('Few places to sit in the shade within walking distance.');
    await section(author, 'Implementation')
      .getByLabel('Implementation')
      .fill('Neighbours chose the lots and the designs in open meetings.');
    await section(author, 'Results').getByRole('textbox', { name: 'Results' }).fill('Twelve parks opened.');
    const contact = section(author, 'Contact person');
    await contact.getByLabel('Name').fill('Ana Cruz');
    await contact.getByLabel('Email').fill('ana.cruz@cebu.example');
    await contact.getByLabel('Email').blur();
    await expect(author.getByText('All changes saved')).toBeVisible();
    await expect(
      author.getByText('15 of 16 sections filled').or(author.getByText(/\d+ of 16 sections filled/)),
    ).toBeVisible();

    // An image, cropped to the card and captioned.
    await section(author, 'Images, documents and links')
      .getByLabel(/Add an image/)
      .setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: await picture() });
    await author.getByRole('slider', { name: /Part of the picture shown on the public card/ }).press('ArrowDown');
    await author.getByRole('button', { name: 'Upload image' }).click();
    await expect(author.getByText('Image uploaded')).toBeVisible();
    const caption = section(author, 'Images, documents and links').getByLabel('Caption');
    await caption.fill('The first pocket park, in Barangay Lahug');
    await caption.blur();
    await expect(author.getByRole('radio', { name: 'Cover of the public card' })).toBeChecked();
    await expect(author.getByText('All changes saved')).toBeVisible();

    await author.getByRole('button', { name: 'Submit for review' }).click();
    await expect(author.getByText('Waiting for review', { exact: true }).first()).toBeVisible();
    await expect(section(author, 'Results').getByRole('textbox', { name: 'Results' })).toBeDisabled();

    // The administrator comments on a section and asks for changes.
    const reviewer = await (await browser.newContext()).newPage();
    const reviewerProblems = watchConsole(reviewer);
    await signIn(reviewer, DEMO.admin);
    await expectPath(reviewer, '/dashboard');
    await reviewer.getByRole('region', { name: 'Best practices' }).getByRole('link', { name: title }).click();
    await expect(reviewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await section(reviewer, 'Results').getByRole('button', { name: 'Comment on this section' }).click();
    await section(reviewer, 'Results')
      .getByLabel(/Your comment on/)
      .fill('How many people use the parks each week?');
    await section(reviewer, 'Results').getByRole('button', { name: 'Add comment' }).click();
    const comments = (page: Page) =>
      section(page, 'Results').getByRole('list', { name: 'Reviewer comments on Results' });
    await expect(comments(reviewer).getByText('How many people use the parks each week?')).toBeVisible();
    await expect(section(reviewer, 'Results').getByLabel(/Your comment on/)).toHaveCount(0);
    await reviewer.getByRole('button', { name: 'Request changes' }).click();
    const dialog = reviewer.getByRole('dialog', { name: 'Request changes?' });
    await dialog.getByLabel(/Note to the authors/).fill('Please add evidence of use to the results.');
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await expect(reviewer.getByText('Changes requested', { exact: true }).first()).toBeVisible();

    // The author sees the note and the comment beside the section, fixes it and submits again.
    await author.reload();
    await expect(author.getByRole('note').getByText('Please add evidence of use to the results.')).toBeVisible();
    await expect(comments(author).getByText('How many people use the parks each week?')).toBeVisible();
    const sectionList = author.getByRole('navigation', { name: 'Sections of the form' });
    await expect(sectionList.getByRole('link', { name: /^Results .*1 open comment$/ })).toBeVisible();
    const results = section(author, 'Results').getByRole('textbox', { name: 'Results' });
    await results.fill('Twelve parks opened; counts in 2023 found about 3,000 visits a week.');
    await results.blur();
    await expect(author.getByText('All changes saved')).toBeVisible();

    // Answered: the author marks the comment resolved. It folds beside its section, and the counts leave it out.
    await comments(author).getByRole('button', { name: 'Mark resolved' }).click();
    await expect(author.getByText('Comment marked resolved')).toBeVisible();
    await expect(comments(author)).toHaveCount(0);
    const resolvedOn = (page: Page) =>
      section(page, 'Results').getByRole('list', { name: 'Resolved comments on Results' });
    const fold = resolvedOn(author).locator('summary');
    await expect(fold).toHaveText(/^Resolved by Jose Reyes on \d{1,2} \w{3} \d{4}/);
    await expect(fold).toBeFocused();
    await expect(resolvedOn(author).getByText('How many people use the parks each week?')).toBeHidden();
    await expect(sectionList.getByText(/open comment/)).toHaveCount(0);
    await expect(author.getByText('No open comments: all are resolved. 1 resolved.')).toBeVisible();

    // The author crops the cover's card again, from the keyboard, on the picture already uploaded.
    const media = section(author, 'Images, documents and links');
    const thumb = media.getByRole('img', { name: 'The first pocket park, in Barangay Lahug' });
    const firstCard = await thumb.getAttribute('src');
    await media
      .getByRole('button', { name: 'Crop the card picture of The first pocket park, in Barangay Lahug' })
      .click();
    const recrop = media.getByRole('group', { name: 'Card picture of The first pocket park, in Barangay Lahug' });
    const frame = recrop.getByRole('slider', { name: /Part of the picture shown on the public card/ });
    await expect(frame).toHaveAttribute('aria-valuetext', /^Frame at 0% from the left/);
    await recrop.getByRole('slider', { name: 'Frame size' }).fill('50');
    await frame.focus();
    for (let i = 0; i < 5; i++) await author.keyboard.press('ArrowRight');
    await expect(frame).not.toHaveAttribute('aria-valuetext', /^Frame at 0% from the left/);
    await expectNoAxeViolations(author, 'the author’s form, comment resolved, crop open');
    await recrop.getByRole('button', { name: 'Save crop' }).click();
    await expect(author.getByText('Card picture cropped')).toBeVisible();
    await expect(recrop).toHaveCount(0);
    await expect(thumb).not.toHaveAttribute('src', firstCard!);
    const newCard = await thumb.getAttribute('src');

    await author.getByRole('button', { name: 'Submit for review' }).click();
    await expect(author.getByText('Waiting for review', { exact: true }).first()).toBeVisible();

    // Before reviewing again, the administrator sees which comments the author resolved, and reads them.
    await reviewer.reload();
    const resolvedByAuthor = reviewer.getByRole('list', { name: 'Resolved comments, by section' });
    await expect(resolvedByAuthor.getByRole('listitem')).toHaveText(
      /^Results: resolved by Jose Reyes on .*How many people use the parks each week\?/,
    );
    await resolvedByAuthor.getByRole('link', { name: 'Results' }).click();
    await resolvedOn(reviewer).locator('summary').focus();
    await reviewer.keyboard.press('Enter');
    await expect(resolvedOn(reviewer).getByText('How many people use the parks each week?')).toBeVisible();
    await expect(resolvedOn(reviewer).getByRole('button', { name: 'Open again' })).toBeVisible();
    await expectNoAxeViolations(reviewer, 'the reviewer’s form on resubmission');

    // The administrator publishes it; the public library then has it, without the contact.
    await reviewer.reload();
    await reviewer.getByRole('button', { name: 'Publish' }).click();
    await reviewer.getByRole('dialog', { name: 'Publish?' }).getByRole('button', { name: 'Publish' }).click();
    await expect(reviewer.getByText('Published', { exact: true }).first()).toBeVisible();
    const history = reviewer.getByRole('region', { name: 'History' });
    await expect(history.getByText('Asked for changes')).toBeVisible();
    await expect(history.getByText('Marked a comment resolved')).toBeVisible();
    await expect(history.getByText(/Published/)).toBeVisible();

    const uuid = practiceUrl.split('/').at(-1)!;
    const response = await fetch(`${BASE_URL}/api/best-practice/public/show/${uuid}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('3,000 visits a week');
    expect(text).toContain('The first pocket park, in Barangay Lahug');
    expect(text).not.toContain('ana.cruz@cebu.example');
    expect(text).toContain(newCard!);

    expect(authorProblems).toEqual([]);
    expect(reviewerProblems).toEqual([]);
  },
);
