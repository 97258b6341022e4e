import type { PracticeAction, PracticeStatus, SectionKey } from '../../../lib/best-practices/schema.ts';
import { m } from './messages.ts';
import { practiceStatusLabels } from './status-labels.ts';

/** Labels of the practices' fixed enumerations in the page's language, keyed by their codes. */
export const STATUS_LABELS: Record<PracticeStatus, string> = practiceStatusLabels(m);

/** A status inside a sentence ("The practice is archived, …"). */
export const STATUS_IN_SENTENCE: Record<PracticeStatus, string> = {
  draft: m('statusInSentence.draft'),
  submitted: m('statusInSentence.submitted'),
  changes_requested: m('statusInSentence.changes_requested'),
  published: m('statusInSentence.published'),
  rejected: m('statusInSentence.rejected'),
  archived: m('statusInSentence.archived'),
};

export const ACTION_LABELS: Record<PracticeAction, string> = {
  submit: m('action.submit'),
  withdraw: m('action.withdraw'),
  request_changes: m('action.request_changes'),
  publish: m('action.publish'),
  reject: m('action.reject'),
  archive: m('action.archive'),
  unarchive: m('action.unarchive'),
  feature: m('action.feature'),
  unfeature: m('action.unfeature'),
  revise: m('action.revise'),
};

const SECTION_LABELS: Record<SectionKey, string> = {
  basics: m('section.basics'),
  organisations: m('section.organisations'),
  period: m('section.period'),
  themes: m('section.themes'),
  summary: m('section.summary'),
  context: m('section.context'),
  objectives: m('section.objectives'),
  implementation: m('section.implementation'),
  resources: m('section.resources'),
  results: m('section.results'),
  innovation: m('section.innovation'),
  sustainability: m('section.sustainability'),
  transferability: m('section.transferability'),
  lessons: m('section.lessons'),
  media: m('section.media'),
  contact: m('section.contact'),
};

/** A form section's title; an unknown key reads as itself. */
export const sectionLabel = (key: string): string => SECTION_LABELS[key as SectionKey] ?? key;

const THRUSTS: Record<string, string> = {
  TC1: m('thrust.TC1'),
  TC2: m('thrust.TC2'),
  TC3: m('thrust.TC3'),
  EI1: m('thrust.EI1'),
  EI2: m('thrust.EI2'),
  EI3: m('thrust.EI3'),
  FR: m('thrust.FR'),
};

/** A New Urban Agenda thrust's name in the page's language (the UN's wording), else as the API gives it. */
export const thrustName = (code: string, name: string): string => THRUSTS[code] ?? name;
