// The docs checker's own test (`node --test scripts/check-docs.test.mjs`, part of `npm run lint`): each
// kind of mistake it exists for is caught, and what is right passes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  OUTSIDE_DOCUMENTS,
  brokenLinks,
  decisionProblems,
  headingAnchor,
  outsideCitations,
} from './check-docs.mjs';

const tree = {
  'docs/security.md': '# Promises\n\n## Passwords and sign-in\n',
  'docs/sync-protocol.md': '# Sync\n\n## Ids made on the device\n\n## `POST /api/sync/batch`\n',
  'apps/server/src/lib/password.test.ts': 'test',
  'docs/decisions': '',
};
const read = (file) => (file in tree ? tree[file] : null);

describe('links in the docs', () => {
  it('passes links to files, folders and headings that exist, and leaves web addresses alone', () => {
    const markdown = [
      '[tests](../apps/server/src/lib/password.test.ts), [records](decisions)',
      '[ids](sync-protocol.md#ids-made-on-the-device) [batch](sync-protocol.md#post-apisyncbatch)',
      '## Here',
      '[site](https://example.org/missing.md) [here](#here)',
    ].join('\n');
    assert.deepEqual(brokenLinks('docs/security.md', markdown, read), []);
  });

  it('names a link to a file that is not there', () => {
    const problems = brokenLinks(
      'docs/security.md',
      'see [the test](../apps/server/src/lib/gone.test.ts)',
      read,
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0], /apps\/server\/src\/lib\/gone\.test\.ts, which does not exist/);
  });

  it('names a link to a heading the file does not have', () => {
    const problems = brokenLinks('docs/architecture.md', '[epoch](sync-protocol.md#the-epoch)', read);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /a heading docs\/sync-protocol\.md does not have/);
  });

  it('ignores links written inside code', () => {
    assert.deepEqual(brokenLinks('README.md', '```\n[x](nowhere.md)\n```\n`[y](nowhere.md)`', read), []);
  });

  it('makes anchors as GitHub does', () => {
    assert.equal(headingAnchor('Ids made on the device'), 'ids-made-on-the-device');
    assert.equal(headingAnchor('`POST /api/sync/batch`'), 'post-apisyncbatch');
    assert.equal(headingAnchor('Catch-up reads'), 'catch-up-reads');
  });
});

describe('documents outside the repository', () => {
  it('names every line that cites one of them, by file name', () => {
    for (const name of OUTSIDE_DOCUMENTS) {
      const problems = outsideCitations('apps/x.ts', `// fine\n// as ${name} §3 says\n`);
      assert.equal(problems.length, 1, name);
      assert.match(problems[0], /^apps\/x\.ts:2: names /);
    }
  });

  it('names a line that cites one of them by section or requirement number', () => {
    for (const [name, section] of [
      ['SPEC', '§9'],
      ['SYNC', '§3'],
      ['DESIGN', '§4'],
      ['SECURITY', 'S27'],
    ]) {
      assert.equal(outsideCitations('apps/x.ts', `// as ${name} ${section} says`).length, 1, name);
    }
  });

  it('leaves applied migrations as they were written', () => {
    assert.deepEqual(outsideCitations('apps/server/drizzle/0001_x.sql', `-- ${OUTSIDE_DOCUMENTS[0]}`), []);
  });

  it('lets a document of the repository through', () => {
    assert.deepEqual(
      outsideCitations('apps/x.ts', '// docs/sync-protocol.md, docs/security.md, NOSYNC.md\n'),
      [],
    );
  });
});

describe('the decision records', () => {
  const index = [
    '| [0038](0038-preact.md) | Preact | superseded by [0054](0054-react.md) |',
    '| [0054](0054-react.md) | React | accepted |',
  ].join('\n');
  const record = (status, alternatives = true) =>
    `# Title\n\n- Status: ${status}\n\n## Decision\n${alternatives ? '\n## Alternatives considered\n' : ''}`;

  it('passes an index that lists each record with its status', () => {
    const records = [
      ['0038-preact.md', record('superseded by 0054', false)],
      ['0054-react.md', record('accepted. Supersedes 0038')],
    ];
    assert.deepEqual(decisionProblems(index, records), []);
  });

  it('names a record missing from the index', () => {
    const problems = decisionProblems(index, [['0060-new.md', record('accepted')]]);
    assert.deepEqual(problems, ["docs/decisions/0060-new.md is not in docs/decisions/README.md's index"]);
  });

  it('names a record superseded on its status line but not in the index, and the reverse', () => {
    const stale = decisionProblems(index, [['0054-react.md', record('superseded by 0070')]]);
    assert.match(stale.join('\n'), /0054-react\.md and the record's status line disagree/);
    const wrongRow = decisionProblems(index, [['0038-preact.md', record('accepted', false)]]);
    assert.match(wrongRow.join('\n'), /0038-preact\.md and the record's status line disagree/);
  });

  it('names a record from 0054 on without "Alternatives considered", and one without a status line', () => {
    assert.match(
      decisionProblems(index, [['0054-react.md', record('accepted', false)]]).join('\n'),
      /no "## Alternatives considered" section/,
    );
    assert.match(
      decisionProblems(index, [['0054-react.md', '# Title\n\n## Alternatives considered\n']]).join('\n'),
      /no "- Status:" line/,
    );
  });
});
