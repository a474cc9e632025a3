"""The Crazy8ix deck: card faces, help cards, the back, and the files made from them."""
