import { atom } from 'jotai';

/** The dashboard's side drawer on small screens; the navbar's menu icon toggles it. */
export const drawerOpenAtom = atom(false);
