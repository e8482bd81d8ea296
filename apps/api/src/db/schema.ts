import type { KeyFeature } from '@bima/domain';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The product catalogue shown on the landing page (spec-2 "Product catalogue"). */
export const catalogueProducts = pgTable('catalogue_products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  categoryColor: text('category_color').notNull(),
  classCode: text('class_code').notNull(),
  routeName: text('route_name').notNull().unique(),
  available: boolean('available').notNull().default(false),
  comingSoon: boolean('coming_soon').notNull().default(false),
  useIcon: boolean('use_icon').notNull().default(false),
  keyFeatures: jsonb('key_features').$type<KeyFeature[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Advertisements fetched by the web app on start (spec-1 §7.3). */
export const advertisements = pgTable('advertisements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  image: text('image'),
  link: text('link'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
