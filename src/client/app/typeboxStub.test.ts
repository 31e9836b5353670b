import Type from './typeboxStub';

// The browser bundle builds the route table with this stand-in: what the shared files read back must survive.
describe('the typebox stand-in of the browser bundle', () => {
  it('keeps the properties of an object schema, through Optional, Partial and Readonly', () => {
    const name = Type.String();
    const schema = Type.Partial(Type.Object({ name, age: Type.Optional(Type.Integer()) }));
    expect(Object.keys(schema.properties as object)).toEqual(['name', 'age']);
    expect(Type.Readonly(name)).toBe(name);
  });

  it('answers any builder with a light schema of its kind', () => {
    expect(Type.Union([Type.Literal('a'), Type.Literal('b')])).toEqual({ kind: 'Union' });
  });
});
