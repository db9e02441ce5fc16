-- Issue 22: accounts registered as pessoa jurídica belong to their company. Creates the companies the
-- registrations name (by CNPJ, as the profiles store it) and links those users; the same statements as
-- linkRegisteredCompanies (apps/server/src/modules/companies/company-links.ts).
insert into companies (cnpj, name, trade_name)
select distinct on (cnpj) cnpj, name, trade_name from (
  select p.cpf_cnpj as cnpj, u.name, p.nome_fantasia as trade_name
    from users u join permissionario_profiles p on p.user_id = u.id where p.tipo = 'juridica'
  union all
  select r.cpf_cnpj, u.name, '' from users u join requerente_profiles r on r.user_id = u.id where r.tipo = 'juridica'
) registered
order by cnpj, trade_name desc
on conflict (cnpj) do nothing;
--> statement-breakpoint
update users u set company_id = c.id
  from permissionario_profiles p join companies c on c.cnpj = p.cpf_cnpj
 where p.user_id = u.id and p.tipo = 'juridica' and u.company_id is null;
--> statement-breakpoint
update users u set company_id = c.id
  from requerente_profiles r join companies c on c.cnpj = r.cpf_cnpj
 where r.user_id = u.id and r.tipo = 'juridica' and u.company_id is null;
