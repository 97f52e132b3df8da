import { checkLines, instanceNames, metadataLines, metadataValue, renderNameTemplate, requiredKeys } from './prototypeRules';

// The editor's and the instances dialog's rules (DOMAIN.md §3).

describe('prototype rules', () => {
  it('a name template is filled in from the asset name, path and metadata, and an unknown key stays as written', () => {
    const asset = { Name: 'Filler 3', Path: 'Plant/Line 1/Filler 3', Metadata: { Area: 'North', Speed: 40 } };
    expect(renderNameTemplate('{{asset.Path}}/Temperature', asset)).toBe('Plant/Line 1/Filler 3/Temperature');
    expect(renderNameTemplate('{{ asset.Name }} {{metadata.Area}} {{metadata.Speed}}', asset)).toBe('Filler 3 North 40');
    expect(renderNameTemplate('{{metadata.Colour}} x', asset)).toBe('{{metadata.Colour}} x');
  });

  it('instance names number the pattern from the start number', () => {
    expect(instanceNames('Machine {n}', 7, 3)).toEqual(['Machine 7', 'Machine 8', 'Machine 9']);
    expect(instanceNames('Mixer', 1, 1)).toEqual(['Mixer']);
  });

  it('a metadata key without a value is required per instance, the others keep their type', () => {
    const lines = metadataLines({ Serial: null, Speed: 40, Area: 'North', Heated: true });
    expect(lines.map((line) => [line.key, line.required, line.kind])).toEqual([
      ['Serial', true, 'text'],
      ['Speed', false, 'number'],
      ['Area', false, 'text'],
      ['Heated', false, 'boolean'],
    ]);
    expect(lines.map(metadataValue)).toEqual([null, 40, 'North', true]);
    expect(requiredKeys({ Metadata: { Serial: null, Speed: 40 } })).toEqual(['Serial']);
  });

  it('keys and property names must be filled in and unique, numbers numbers, calculation templates JSON objects', () => {
    const found = checkLines(
      [
        { key: 'Area', required: false, kind: 'text', text: '' },
        { key: 'Area', required: false, kind: 'number', text: 'fast' },
        { key: ' ', required: true, kind: 'text', text: '' },
      ],
      [
        { key: 'a', Name: 'Temperature', Description: '', Kind: 'measurement', Datatype: 'number', NameTemplate: '', templateText: '' },
        { key: 'b', Name: 'temperature', Description: '', Kind: 'calculation', Datatype: 'number', NameTemplate: '', templateText: '{ "Type": ' },
        { key: 'c', Name: 'Rate', Description: '', Kind: 'calculation', Datatype: 'number', NameTemplate: '', templateText: '[1]' },
      ],
    );
    expect(found).toEqual({
      'metadata.1.key': 'duplicate',
      'metadata.1.value': 'number',
      'metadata.2.key': 'empty',
      'properties.1.Name': 'duplicate',
      'properties.1.template': 'json',
      'properties.2.template': 'object',
    });
  });
});
