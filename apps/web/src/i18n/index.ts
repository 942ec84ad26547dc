import { common } from './common';
import { auth } from './auth';
import { bin } from './bin';
import { categories } from './categories';
import { dashboard } from './dashboard';
import { history } from './history';
import { imports } from './imports';
import { labels } from './labels';
import { lifecycle } from './lifecycle';
import { parts } from './parts';
import { photos } from './photos';
import { users } from './users';
import { security } from './security';
import { scan } from './scan';
import { vehicles } from './vehicles';

/** The Italian message catalogue: every user-visible string of the web app comes from here. */
export const messages = {
  common,
  auth,
  bin,
  categories,
  dashboard,
  history,
  imports,
  labels,
  lifecycle,
  parts,
  photos,
  users,
  security,
  scan,
  vehicles,
} as const;
