/**
 * The cache key of every country, active or not (its own module: the dashboard needs the key, not the country screen's
 * words).
 */
export const ALL_COUNTRIES_KEY = 'countries/all?status=all';
