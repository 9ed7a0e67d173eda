/** The cart as the API sends it. */
export interface CartItem {
  _id: string;
  course: { title: string; thumbnail?: string | null; price: number };
}

export interface Cart {
  _id: string;
  items: CartItem[];
  totalAmount: number;
}
