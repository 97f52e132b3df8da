// A forwarder's templates left empty (DOMAIN.md §7): what the server sends in their place, and what
// the forwarder editor shows greyed in the empty editors, so both say the same.

export const FORWARDER_TEMPLATE_DEFAULTS = {
  PointMessage:
    '{"Timestamp":{{toJson .Timestamp}},"Value":{{toJson .Value}},"Quality":{{toJson .Quality}},"MeasurementUUID":{{toJson .MeasurementUUID}},"AssetPropertyUUID":{{toJson .AssetPropertyUUID}}}',
  MeasurementTopic: 'historian/measurements/{{.MeasurementUUID}}',
  AssetPropertyTopic: 'historian/assets/{{(getAsset .AssetPropertyUUID).Path}}',
  EventMessage:
    '{"UUID":{{toJson .Event.UUID}},"Type":{{toJson .Event.Type}},"AssetPath":{{toJson .Event.AssetPath}},"StartTime":{{toJson .Event.StartTime}},"StopTime":{{toJson .Event.StopTime}},"Status":{{toJson .Event.Status}},"Change":{{toJson .Event.Change}},"Properties":{{toJson .Event.Properties}}}',
  EventTopic: 'historian/events/{{.Event.TypeUUID}}',
} as const;
