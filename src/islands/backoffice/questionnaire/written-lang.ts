import { createContext, useContext } from 'react';

/**
 * The language the answers are written in (decision 048), when the form's owner states one (a
 * national report's "Written in"): text boxes carry it as `lang`, beside `dir="auto"`. The engine
 * knows no domain; the screen that shows the form provides it.
 */
export const WrittenLang = createContext<string | undefined>(undefined);

export const useWrittenLang = (): string | undefined => useContext(WrittenLang);
