// Story tests on a busy 2-core machine: a play function's findBy… and waitFor wait for the screen as a person
// would, up to 10 s (testing-library's default 1 s failed stories whose first render alone took seconds beside
// the rest of `npm test`), as the web app's unit tests already do (apps/web/src/testing/setup.ts).
import { configure } from 'storybook/test';

configure({ asyncUtilTimeout: 10_000 });
