import { atom } from 'jotai';

/** The dashboard's menu drawer, opened by the navbar's menu icon; following one of its links closes it. */
export const drawerOpenAtom = atom(false);
