/** The urbanisation-profile screens, loaded together as one chunk (with the questionnaire renderer). */
export { ProfileOverviewFormScreen, ProfileOverviewScreen } from './overview-screens.tsx';
export {
  ProfileAnalyticsCategoryScreen,
  ProfileAnalyticsFormScreen,
  ProfileAnalyticsScreen,
} from './analytics-screens.tsx';
