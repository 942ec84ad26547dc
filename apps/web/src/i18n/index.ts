import { common } from './common';
import { auth } from './auth';
import { categories } from './categories';
import { dashboard } from './dashboard';
import { parts } from './parts';
import { users } from './users';

/** The Italian message catalogue: every user-visible string of the web app comes from here. */
export const messages = { common, auth, categories, dashboard, parts, users } as const;
