/** The national-report screens, loaded together as one chunk (the questionnaire renderer with them). */
export { NationalReportListScreen } from './list-screen.tsx';
export { ReportEntryScreen } from './entry-screen.tsx';
export { ReportHeaderScreen } from './header-screen.tsx';
export { ReportPreviewScreen } from './preview-screen.tsx';
export { QuestionnaireScreen } from './questionnaire-screen.tsx';
export { AnswerSearchScreen } from './search-screen.tsx';
export { CompareScreen } from './compare-screen.tsx';
