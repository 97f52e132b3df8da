-- Organization overrides of shipped translations (GET /api/translations/{lng}/{ns}).
create table if not exists translation_overrides (
  uuid uuid primary key default gen_random_uuid(),
  organization_uuid uuid references organizations(uuid) on delete cascade,
  language text not null,
  namespace text not null,
  key text not null,
  translation text not null,
  unique (organization_uuid, language, namespace, key)
);
