/**
 * The /developers page's examples of taking the figures: code, the same in every language (the
 * words around them are in the catalogues). Each reads a file or an endpoint the site really
 * serves: a theme's CSV, the profile's SDMX-CSV and a JSON answer of the public API.
 */

/** A theme whose CSV every build writes, and a country (M49 code, as SDMX writes it) with figures. */
const THEME = 'basic-services';
const COUNTRY = { alpha2: 'PH', m49: '608' };
const PROFILE_FLOW = 'DF_URBAN_PROFILE';

export interface CodeExample {
  id: string;
  lang: 'shell' | 'python' | 'r';
  code: string;
}

/** The examples for a site at `origin` (`https://…`, no trailing slash). */
export function codeExamples(origin: string): { curl: CodeExample; python: CodeExample; r: CodeExample } {
  const theme = `${origin}/urbanisation-profile/${THEME}.csv`;
  const sdmx = `${origin}/api/sdmx/data/${PROFILE_FLOW}/A.${COUNTRY.m49}..`;
  const categories = `${origin}/api/profile/public/categories`;
  return {
    curl: {
      id: 'example-curl',
      lang: 'shell',
      code: [
        `curl -O ${theme}`,
        '',
        `curl -H 'Accept: application/vnd.sdmx.data+csv;version=2.0.0' \\`,
        `  '${sdmx}'`,
        '',
        `curl -si ${categories} | grep -i '^etag'`,
        `curl -si -H 'If-None-Match: "<etag>"' ${categories}`,
      ].join('\n'),
    },
    python: {
      id: 'example-python',
      lang: 'python',
      code: [
        'import pandas as pd',
        'import requests',
        '',
        `site = "${origin}"`,
        `theme = pd.read_csv(f"{site}/urbanisation-profile/${THEME}.csv")`,
        '',
        `obs = pd.read_csv(f"{site}/api/sdmx/data/${PROFILE_FLOW}/A.${COUNTRY.m49}..?format=csv")`,
        'table = obs.pivot_table(index="TIME_PERIOD", columns="INDICATOR", values="OBS_VALUE")',
        '',
        `country = requests.get(f"{site}/api/profile/public/country/${COUNTRY.alpha2}").json()["data"]`,
      ].join('\n'),
    },
    r: {
      id: 'example-r',
      lang: 'r',
      code: [
        `site <- "${origin}"`,
        `theme <- read.csv(paste0(site, "/urbanisation-profile/${THEME}.csv"))`,
        '',
        `obs <- read.csv(paste0(site, "/api/sdmx/data/${PROFILE_FLOW}/A.${COUNTRY.m49}..?format=csv"))`,
        'table <- reshape(obs[, c("TIME_PERIOD", "INDICATOR", "OBS_VALUE")],',
        '  idvar = "TIME_PERIOD", timevar = "INDICATOR", direction = "wide")',
        '',
        'library(jsonlite)',
        `country <- fromJSON(paste0(site, "/api/profile/public/country/${COUNTRY.alpha2}"))$data`,
      ].join('\n'),
    },
  };
}
