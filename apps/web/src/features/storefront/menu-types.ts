export type {
  MenuAddon,
  MenuCategory,
  MenuOption,
  MenuProduct,
  MenuRestaurant,
  MenuReview,
  MenuReviews,
  PublicMenu,
} from '@meucardapio/domain/menu-views';
