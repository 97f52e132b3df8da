import { HttpProblem } from './problem';
import { assertBodyNamesPathItem } from './pathUuid';

const ITEM = '4f0c2a52-7d7e-4c8e-9d38-2f1f1b6a9a10';

describe('a body sent to an item’s path', () => {
  it('need not carry the item’s UUID, and may echo it in any case', () => {
    expect(() => assertBodyNamesPathItem({ Name: 'x' }, ITEM)).not.toThrow();
    expect(() => assertBodyNamesPathItem({ UUID: ITEM.toUpperCase(), Name: 'x' }, ITEM)).not.toThrow();
  });

  it('is refused with 400 on UUID when it names another item than the path', () => {
    let thrown: unknown;
    try {
      assertBodyNamesPathItem({ UUID: '00000000-0000-4000-8000-000000000001', Name: 'x' }, ITEM);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect(thrown).toMatchObject({ status: 400, extra: { errors: { UUID: ['does not match'] } } });
  });
});
