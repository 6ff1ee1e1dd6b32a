import type { Knex } from 'knex';
import { createAnaliticaViews } from '../analytics/views.ts';

// The analysts' psychologist views with complementary suppression (docs/privacy.md "Analysts"):
// databases migrated before it still had the views of 027, which hid only the small cells. Same
// columns, so the views are replaced in place and keep their grants (an analyst's login).
export async function up(knex: Knex): Promise<void> {
  await createAnaliticaViews(knex);
}

// The views of 027 are not kept anywhere: going back leaves these, which only hide more.
export async function down(): Promise<void> {}
